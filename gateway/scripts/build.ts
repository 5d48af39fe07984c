// `npm run build -w gateway`: the gateway as one JavaScript file for production (OPS-04), so a production start
// runs plain `node gateway/dist/main.js`: no TypeScript compiler in memory or on the start's critical path.
// Packages stay in node_modules (external); the monorepo's own @pharma/domain sources are bundled in.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { nodeBundle } from '../../scripts/node-bundle';

const gateway = resolve(import.meta.dirname, '..');
const manifest: { dependencies: Record<string, string> } = JSON.parse(
  readFileSync(resolve(gateway, 'package.json'), 'utf8'),
);

/**
 * modules.ts finds the domains by reading `domains/*` at start (ADR 0206); a bundle has no such directory, so the
 * same listing is made here, at build time, into static imports. Adding a domain still touches no central file.
 */
const discoveredModules: Plugin = {
  name: 'discovered-modules',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]gateway[\\/]src[\\/]modules\.ts$/ }, () => {
      const domains = resolve(gateway, 'src/domains');
      const names = readdirSync(domains, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(resolve(domains, entry.name, 'module.ts')))
        .map((entry) => entry.name)
        .sort();
      const contents = [
        "import { isGatewayModule, type GatewayModule } from './module';",
        ...names.map((name, i) => `import { gatewayModule as m${i} } from './domains/${name}/module';`),
        `const found: unknown[] = [${names.map((_, i) => `m${i}`).join(', ')}];`,
        'export const gatewayModules: readonly GatewayModule[] = found.map((module, i) => {',
        `  if (!isGatewayModule(module)) throw new Error(\`domain \${i} exports no gatewayModule\`);`,
        '  return module;',
        '});',
      ].join('\n');
      return { contents, loader: 'ts', resolveDir: resolve(gateway, 'src') };
    });
  },
};

/**
 * Bundles the gateway into `outdir/main.js`. `metafile` keeps esbuild's record of every import, which
 * tests/production-build.test.ts reads to prove the bundle needs no devDependency at run time (OPS-04, OPS-20).
 */
export async function buildGateway(outdir = resolve(gateway, 'dist'), options: { metafile?: boolean } = {}) {
  return build({
    ...nodeBundle(manifest.dependencies, options.metafile),
    // `../../schema/` and the repository root are found from import.meta.url: dist/ sits at src/'s depth.
    entryPoints: [resolve(gateway, 'src/main.ts')],
    outfile: resolve(outdir, 'main.js'),
    plugins: [discoveredModules],
  });
}

/** The production dependencies a bundle may import: the gateway's own and those of the sources bundled into it. */
export const gatewayRuntimePackages = (): string[] => Object.keys(manifest.dependencies);

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildGateway();
  console.log('gateway/dist/main.js written');
}
