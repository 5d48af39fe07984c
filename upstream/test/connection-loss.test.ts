import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/db';
import { testStore } from './testkit';

// PostgreSQL may end a connection mid-transaction (a restart, an operator's pg_terminate_backend). The transaction
// fails, the process lives on (pg emits `error` on a checked-out client nobody else listens to, which ended the
// upstream in the chaos run), and the dead connection is not handed to the next caller. PostgreSQL only
// (upstream/vitest.config.ts leaves this file out of PGlite runs; CI always gives it PostgreSQL).
if (inject('databaseUrl') === null) throw new Error('the connection-loss tests need PostgreSQL: set TEST_DATABASE_URL');

let db: Db;
const table = `loss_probe_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await testStore();
  await db.exec(`CREATE TABLE ${table} (n int PRIMARY KEY)`);
});
afterAll(async () => {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
});

describe('a transaction whose connection PostgreSQL ends', () => {
  it('fails, and the store answers the next statements on a fresh connection', async () => {
    const attempt = db.transaction(async (tx) => {
      const [own] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await db.query('SELECT pg_terminate_backend($1)', [own?.pid ?? 0]);
      // The FATAL message arrives while no statement of this transaction runs: the moment that ended the process.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.query(`INSERT INTO ${table} (n) VALUES (7)`);
    });
    await expect(attempt).rejects.toThrow();
    // More statements than the pool has connections: none of them lands on the dead one.
    for (let i = 0; i < 12; i += 1) {
      expect(await db.query<{ n: number }>(`SELECT n FROM ${table}`)).toEqual([]);
    }
  });
});
