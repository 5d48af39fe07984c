import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Apart from schema.ts so that tools reading the contract (the schema check, `npm run schema:release`) do not load
// every domain's resolvers with it.
const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));

/**
 * The SDL of schema/*.graphql, the public contract, in a stable order (base first so `extend type` finds it).
 * Subdirectories (schema/released/) are not part of it.
 */
export function readTypeDefs(dir = schemaDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.graphql'))
    .map((entry) => entry.name)
    .sort((a, b) => Number(b === 'base.graphql') - Number(a === 'base.graphql') || a.localeCompare(b))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}
