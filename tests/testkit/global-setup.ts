// Builds the seeded PGlite store once per run: every suite that starts a marketplace on PGlite loads a copy of it
// (about a second) instead of opening, migrating and seeding its own (about six; twenty-odd suites start one).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../upstream/src/db/migrate';
import { openPglite } from '../../upstream/src/db/pglite';
import { seedIfEmpty } from '../../upstream/src/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of the migrated, seeded PGlite store, for startMarketplace's `pgliteSnapshot`. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-store-'));
  const path = join(dir, 'seeded.tar');
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    await seedIfEmpty(db);
    await writeFile(path, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteSnapshot', path);
  return () => rm(dir, { recursive: true, force: true });
}
