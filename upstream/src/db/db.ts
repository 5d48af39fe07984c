/** A value a query parameter may hold; arrays travel as PostgreSQL arrays (`= ANY($1::int[])`). */
export type SqlValue = string | number | boolean | null | Date | Uint8Array | readonly (string | number | null)[];

export interface Queryable {
  /** Runs one parametrised statement and answers its rows. */
  query<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
