import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  copyStatement,
  copyText,
  guardTransactions,
  type CopyValue,
  type Db,
  type Queryable,
  type SqlValue,
} from './db';

async function copyWith(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
) {
  await pipeline(Readable.from([copyText(rows)]), client.query(copyFrom(copyStatement(table, columns, 'STDIN'))));
}

// Statement names let each pooled connection prepare a statement once and reuse its plan; pg keys the
// prepared statement by name per connection, so one name must always mean the same text.
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Runs `fn` on a connection of its own. PostgreSQL may end a connection while it is checked out and between two
 * statements (a restart, pg_terminate_backend): pg then emits `error` on the client, which ends the process unless
 * someone listens, and the pool only listens to idle clients. The error is kept here: the next statement fails on the
 * closed connection anyway, and the connection is destroyed rather than handed to the next caller.
 */
async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  let failure: unknown;
  try {
    return await fn(client);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.off('error', onError);
    // A failed statement leaves the connection usable (ROLLBACK ran); a lost connection must not go back.
    client.release(lost ?? (isConnectionLoss(failure) ? failure : undefined));
  }
}

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, terminate). */
function isConnectionLoss(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return code.startsWith('08') || code.startsWith('57P') || error.message.includes('Connection terminated');
}

function wrap(target: pg.Pool): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query({ name: statementName(sql), text: sql, values: [...params] });
      return result.rows as T[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
    async copy(table, columns, rows) {
      await withClient(target, (client) => copyWith(client, table, columns, rows));
    },
  };
}

/**
 * A transaction is one connection, which runs one statement at a time. Code shared with the pool (the same function
 * reads a cart inside and outside an order) may ask for several statements at once; they are sent one after
 * another here rather than left to pg's own queue, which pg 8 deprecates and pg 9 drops. COMMIT or ROLLBACK goes
 * through the same turn, and nothing asked for after it is sent: it would run outside the transaction.
 */
function transactionClient(client: pg.PoolClient): {
  tx: Queryable;
  finish(sql: 'COMMIT' | 'ROLLBACK'): Promise<void>;
} {
  let tail: Promise<unknown> = Promise.resolve();
  let finished = false;
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    if (finished) return Promise.reject(new Error('statement after the end of its transaction'));
    const next = tail.then(run, run);
    tail = next.catch(() => undefined);
    return next;
  };
  const send = async (sql: string, params?: readonly SqlValue[]) =>
    params === undefined
      ? client.query(sql)
      : client.query({ name: statementName(sql), text: sql, values: [...params] });
  return {
    tx: {
      query: <T>(sql: string, params: readonly SqlValue[] = []) =>
        inTurn(async () => (await send(sql, params)).rows as T[]),
      exec: (sql: string) =>
        inTurn(async () => {
          await send(sql);
        }),
      copy: (table, columns, rows) => inTurn(() => copyWith(client, table, columns, rows)),
    },
    finish: (sql) => {
      const done = inTurn(async () => {
        await send(sql);
      });
      finished = true;
      return done;
    },
  };
}

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that PostgreSQL ends (a restart, an operator's pg_terminate_backend) is reported here; without
  // a listener Node treats it as unhandled and ends the process. The pool drops that connection and opens a new one
  // for the next query, so the error is only logged.
  pool.on('error', (error) => console.warn(`[upstream] an idle PostgreSQL connection ended: ${error.message}`));
  return guardTransactions<Db>({
    kind: 'postgres',
    ...wrap(pool),
    transaction: (fn) =>
      withClient(pool, async (client) => {
        const { tx, finish } = transactionClient(client);
        try {
          await tx.exec('BEGIN');
          const result = await fn(tx);
          await finish('COMMIT');
          return result;
        } catch (error) {
          await finish('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () => pool.end(),
  });
}
