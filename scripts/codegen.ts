// `npm run codegen`: the gateway's REST types and validators (gateway/scripts/rest-codegen.ts), then the GraphQL
// codegen (codegen.ts), unless what they read has not changed since they last wrote their output. `npm ci` runs it
// (prepare) and `npm test` and `npm run build` run it again; regenerating the same files cost CI's critical path about
// forty seconds. `--force` regenerates anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const stamp = join(root, 'web/src/gql/.codegen-inputs');
// What the generators write; a missing one means generating again whatever the stamp says.
const outputs = [
  'gateway/src/generated/rest.ts',
  'gateway/src/generated/validators.js',
  'gateway/src/generated/resolvers.ts',
  'web/src/gql/graphql.ts',
  'web/src/gql/persisted-documents.json',
].map((path) => join(root, path));

// What the generators read: the contracts, the web's documents, the gateway's mappers (found by convention in its
// sources), the configurations and scripts, and the installed generators' versions.
const inputs = [
  'schema',
  'upstream/openapi.yaml',
  'codegen.ts',
  'gateway/src',
  'gateway/scripts',
  'web/src',
  'web/scripts',
  'package-lock.json',
];
const generated = new Set(['gateway/src/generated', 'web/src/gql']);

function* filesUnder(path: string): Generator<string> {
  const absolute = join(root, path);
  if (generated.has(path) || !existsSync(absolute)) return;
  const entries = readdirSync(absolute, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (entry.isFile()) yield child;
  }
}

function inputsHash(): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const files = input.includes('.') ? [input] : [...filesUnder(input)];
    for (const file of files)
      hash
        .update(`${file}\0`)
        .update(readFileSync(join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const before = inputsHash();
const fresh =
  !process.argv.includes('--force') &&
  outputs.every((path) => existsSync(path)) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === before;
if (fresh) {
  console.log(`codegen: up to date (${relative(root, stamp)})`);
  process.exit(0);
}

for (const [command, args] of [
  ['node', ['--import', 'tsx', 'gateway/scripts/rest-codegen.ts']],
  ['npx', ['graphql-codegen', '--config', 'codegen.ts']],
] as const) {
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
writeFileSync(stamp, before);
