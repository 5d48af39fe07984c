import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { testStore } from './testkit';

// Routes share their reading functions between the pool and a transaction, and those functions may ask for several
// statements at once. On PostgreSQL a transaction is one connection: these check that such statements all run inside
// it, and that a failure among them leaves nothing behind.
let db: Db;
const table = `tx_probe_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await testStore();
  await db.exec(`CREATE TABLE ${table} (n int PRIMARY KEY)`);
});
afterAll(async () => {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
});

const rows = async () => (await db.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n);
const insert = (q: Pick<Db, 'query'>, n: number) => q.query(`INSERT INTO ${table} (n) VALUES ($1)`, [n]);

describe('a transaction', () => {
  it('runs statements asked for at once, in the order asked, and commits them together', async () => {
    const answers = await db.transaction(async (tx) =>
      Promise.all([insert(tx, 1), tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`), insert(tx, 2)]),
    );
    expect(answers[1]).toEqual([{ n: 1 }]);
    expect(await rows()).toEqual([1, 2]);
    await db.query(`DELETE FROM ${table}`);
  });

  it('keeps nothing when one of several statements at once fails, including those asked for after it', async () => {
    await expect(
      db.transaction(async (tx) =>
        Promise.all([insert(tx, 1), tx.query('SELECT 1 / 0'), insert(tx, 2), insert(tx, 3)]),
      ),
    ).rejects.toThrow(/division by zero/);
    expect(await rows()).toEqual([]);
  });

  it('keeps nothing when the code fails between statements still under way', async () => {
    await expect(
      db.transaction(async (tx) => {
        // Their own outcome does not matter here (PGlite refuses statements of a closed transaction), only the store's.
        for (const pending of [insert(tx, 1), insert(tx, 2)]) pending.catch(() => undefined);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rows()).toEqual([]);
  });
});
