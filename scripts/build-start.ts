// `npm run build`'s last step: scripts/start.ts as dist/start.js, which a production `npm start` runs with plain node
// (OPS-20). It imports nothing but node's own modules; tests/production-build.test.ts keeps it so.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

export async function buildStart(outdir = resolve(root, 'dist'), options: { metafile?: boolean } = {}) {
  return build({
    entryPoints: [resolve(root, 'scripts/start.ts')],
    outfile: resolve(outdir, 'start.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    metafile: options.metafile ?? false,
    logLevel: 'warning',
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildStart();
  console.log('dist/start.js written');
}
