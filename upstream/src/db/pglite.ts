import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, SqlValue } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** The whole database as a tarball, for `openPglite(undefined, { snapshot })` to start from. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens PGlite on a directory (created when missing), or in memory when `dataDir` is undefined, starting from
 * `snapshot` when given: loading a migrated, seeded database is about five times quicker than building it again,
 * which is what a test suite that starts a store per file needs.
 */
export async function openPglite(dataDir: string | undefined, options: { snapshot?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.snapshot === undefined ? {} : { loadDataDir: options.snapshot }),
  });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}
