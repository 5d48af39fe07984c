// `npm run build -w upstream`: the upstream as JavaScript for production (OPS-20), so a production start runs plain
// `node upstream/dist/main.js` with production packages only: tsx is a devDependency. Packages stay in node_modules
// (external); the monorepo's own @pharma/domain sources are bundled in. What the sources read beside themselves is
// found from import.meta.url at src/'s depth (openapi.yaml one level up) or copied beside the bundle (migrations).
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/node-bundle';

const upstream = resolve(import.meta.dirname, '..');
const manifest: { dependencies: Record<string, string> } = JSON.parse(
  readFileSync(resolve(upstream, 'package.json'), 'utf8'),
);

/**
 * Worker threads' entry files (`*.worker.ts` anywhere under src/) become bundles of their own beside main.js
 * (`dist/<name>.worker.js`): a worker pool given `new URL('./<name>.worker.js', import.meta.url)` from the bundle,
 * or the `.ts` beside its source under tsx, finds its file either way.
 */
function workerEntries(dir = resolve(upstream, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workerEntries(path);
    return entry.name.endsWith('.worker.ts') ? [path] : [];
  });
}

/** Bundles the upstream into `outdir` (main.js, its workers, migrations/); `metafile` as in the gateway's build. */
export async function buildUpstream(outdir = resolve(upstream, 'dist'), options: { metafile?: boolean } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    ...nodeBundle(manifest.dependencies, options.metafile),
    entryPoints: [resolve(upstream, 'src/main.ts'), ...workerEntries()],
    outdir,
    entryNames: '[name]',
  });
  // db/migrate.ts reads `migrations/` beside itself: beside the bundle, once bundled.
  cpSync(resolve(upstream, 'src/db/migrations'), resolve(outdir, 'migrations'), { recursive: true });
  return result;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildUpstream();
  console.log('upstream/dist/main.js written');
}
