import { AsyncLocalStorage } from 'node:async_hooks';

/** A value a query parameter may hold; arrays travel as PostgreSQL arrays (`= ANY($1::int[])`). */
export type SqlValue = string | number | boolean | null | Date | Uint8Array | readonly (string | number | null)[];

export interface Queryable {
  /** Runs one parametrised statement and answers its rows. */
  query<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Loads rows into `table` with COPY (the seed at a wholesaler's size): one statement for thousands of rows, far
   * quicker than INSERT on both stores. Row and statement triggers fire as for INSERT.
   */
  copy(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<void>;
}

/** A value COPY loads; null is SQL NULL. */
export type CopyValue = string | number | null;

// COPY's text format: tab-separated, \N for NULL, and backslash, tab and line breaks escaped.
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Rows in COPY's text format. */
export function copyText(rows: Iterable<readonly CopyValue[]>): string {
  let text = '';
  for (const row of rows) {
    text += `${row
      .map((v) =>
        v === null ? '\\N' : typeof v === 'number' ? String(v) : v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c),
      )
      .join('\t')}\n`;
  }
  return text;
}

/** The COPY statement loading `columns` of `table` from the client. */
export const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

/**
 * The row of `select` (a query whose main table is aliased r) with the id; only the owner's when `userId` is given,
 * so a buyer never reads another's row, and whoever's for the operator's calls.
 */
export async function rowById<T>(q: Queryable, select: string, id: number, userId?: number): Promise<T | undefined> {
  const [row] =
    userId === undefined
      ? await q.query<T>(`${select} WHERE r.id = $1`, [id])
      : await q.query<T>(`${select} WHERE r.id = $1 AND r.user_id = $2`, [id, userId]);
  return row;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The transaction open in the current call chain, if any; `open` turns false once it has ended. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * OPS-44: inside a transaction, every statement goes through it. A statement on the store itself (or a second
 * transaction) asked for while the same call chain holds one open is a mistake on either store: on PGlite, which runs
 * one transaction at a time, it waits for the transaction, which waits for it, and the request hangs; on PostgreSQL it
 * runs on another connection, outside the transaction, neither seeing its rows nor undone with it. Both stores are
 * opened through this guard, so the mistake fails at once, naming the statement, on whichever store the tests run.
 */
export function guardTransactions<D extends Db>(db: D): D {
  const refuse = (what: string) => {
    if (openTransaction.getStore()?.open) {
      throw new Error(`a statement outside the open transaction (OPS-44): ${what.replace(/\s+/g, ' ').slice(0, 120)}`);
    }
  };
  return {
    ...db,
    query<T>(sql: string, params?: readonly SqlValue[]) {
      refuse(sql);
      return db.query<T>(sql, params);
    },
    exec(sql: string) {
      refuse(sql);
      return db.exec(sql);
    },
    copy(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>) {
      refuse(`COPY ${table}`);
      return db.copy(table, columns, rows);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      refuse('BEGIN (a transaction inside a transaction)');
      return db.transaction((tx) => {
        const marker = { open: true };
        return openTransaction
          .run(marker, () => fn(tx))
          .finally(() => {
            marker.open = false;
          });
      });
    },
  };
}
