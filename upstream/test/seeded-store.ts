// The migrated, seeded PGlite store as a tarball, built once and loaded by every test run that wants one (ADR 0223).
// Building one (start PGlite, migrate, seed) costs 8-17 s of a core; loading a copy about one. `npm test` used to
// build five a run: the upstream's shared store, two upstream files wanting a pristine one (in both of the upstream's
// runs), and the cross-service suites' snapshot.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPglite, type PgliteDb } from '../src/db/pglite';
import { seedIfEmpty } from '../src/seed/seed';
import { testConfig } from './config';

const root = resolve(import.meta.dirname, '../..');
// Inside the checkout's own node_modules: `npm ci` empties it, so a fresh clone (CI's) builds its own.
const cacheDir = join(root, 'node_modules/.cache/seeded-store');
const FORGOTTEN_AFTER_MS = 3 * 60 * 60 * 1000;

/** Every file whose change can change the seeded store: the upstream's and the domain's code, and the packages. */
async function inputs(): Promise<string[]> {
  const files: string[] = [join(root, 'package-lock.json')];
  for (const dir of ['upstream/src', 'domain/src']) {
    const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
    files.push(...entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)));
  }
  return files.sort();
}

/**
 * The store's name: a hash of what builds it, and the hour. The seed places its story relative to the moment it runs
 * (an order placed two hours ago, a seckill running now), so a store is reused for an hour at most, as a run's
 * suites have always used one built at its start. `npm test` names the hour its run started in for every step
 * (TEST_RUN_STARTED): a run from 10:55 to 11:08 builds one store, not a second for its later steps.
 */
async function storeKey(now: Date): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await inputs())
    hash
      .update(relative(root, file))
      .update('\0')
      .update(await readFile(file));
  hash.update(now.toISOString().slice(0, 13));
  return hash.digest('hex').slice(0, 24);
}

/** Builds a migrated, seeded store from nothing, as `npm start` does on a new data directory. */
async function buildSeededPglite(): Promise<PgliteDb> {
  const db = await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db);
  return db;
}

/**
 * The path of the seeded store's tarball, built when this checkout has none of this hour. Two runs building at once
 * each write a whole file of their own and rename it into place, so a reader never sees half of one.
 */
export async function seededStorePath(
  now: Date = testConfig.TEST_RUN_STARTED ? new Date(testConfig.TEST_RUN_STARTED) : new Date(),
): Promise<string> {
  const path = join(cacheDir, `${await storeKey(now)}.tar`);
  if (existsSync(path)) return path;
  await mkdir(cacheDir, { recursive: true });
  const db = await buildSeededPglite();
  try {
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    await rename(partial, path);
  } finally {
    await db.close();
  }
  // A store of an earlier hour may still be loaded by a run's step that started then (the upstream's run can begin
  // at 10:59 and the cross-service one at 11:03), so only those of hours no run spans any more go.
  for (const name of await readdir(cacheDir)) {
    if (!name.endsWith('.tar')) continue;
    const other = join(cacheDir, name);
    // Another run may have removed it meanwhile.
    const written = await stat(other).catch(() => undefined);
    if (written && written.mtimeMs < now.getTime() - FORGOTTEN_AFTER_MS) {
      await rm(other, { force: true });
    }
  }
  return path;
}

// Each tarball is read once per test process however many stores start from it: a Blob is never changed by loading it.
const tarballs = new Map<string, Promise<Blob>>();

/** A store of its own, copied from the tarball at `path`. */
export async function openSeededPglite(path: string): Promise<PgliteDb> {
  let tarball = tarballs.get(path);
  if (tarball === undefined) {
    tarball = readFile(path).then((bytes) => new Blob([bytes]));
    tarballs.set(path, tarball);
  }
  return openPglite(undefined, { snapshot: await tarball });
}
