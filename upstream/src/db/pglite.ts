import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyStatement, copyText, guardTransactions, type Db, type Queryable, type SqlValue } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    async copy(table, columns, rows) {
      // PGlite reads COPY's input from a blob it calls /dev/blob.
      await target.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([copyText(rows)]) });
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
    // Trigram indexes of the search vocabulary (migration 0034).
    extensions: { pg_trgm },
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.snapshot === undefined ? {} : { loadDataDir: options.snapshot }),
  });
  return guardTransactions<PgliteDb>({
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  });
}
