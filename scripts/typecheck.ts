// `npm run typecheck`: every workspace's tsconfig checked by TypeScript 7's native compiler (ADR 0222). TypeScript 6
// stays the `typescript` package for the tools that need its compiler API (typescript-eslint, openapi-typescript);
// both install a `tsc` command, so this names the native one by its package rather than trusting `npx tsc`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROJECTS = ['domain', 'upstream', 'gateway', 'web', 'tests', 'bench'];
const nativeTsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

const failed = PROJECTS.filter(
  (project) => spawnSync(process.execPath, [nativeTsc, '-p', project], { stdio: 'inherit' }).status !== 0,
);
if (failed.length > 0) {
  console.error(`✖ type errors in ${failed.join(', ')}`);
  process.exit(1);
}
