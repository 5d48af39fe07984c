// What the gateway's and the upstream's production bundles share (OPS-04, OPS-20): ESM for Node 20, every
// production dependency left to node_modules (installed with --omit=dev), our own workspaces inlined.
import type { BuildOptions } from 'esbuild';

export function nodeBundle(dependencies: Record<string, string>, metafile = false): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    metafile,
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@pharma/')),
    // Packages written as CommonJS inside the bundle still call require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
