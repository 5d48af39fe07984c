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

describe('OPS-44: inside a transaction every statement goes through it', () => {
  it('refuses a statement on the store itself while the transaction is open, and keeps nothing of it', async () => {
    // On PGlite this statement would wait for the transaction, which waits for it: the request would hang.
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 1);
        await insert(db, 2);
      }),
    ).rejects.toThrow(/outside the open transaction \(OPS-44\): INSERT INTO tx_probe_/);
    expect(await rows()).toEqual([]);
  });

  it('refuses a transaction begun inside another, and a COPY on the store', async () => {
    await expect(db.transaction(() => db.transaction(() => Promise.resolve(1)))).rejects.toThrow(
      /a transaction inside a transaction/,
    );
    await expect(db.transaction(() => db.copy(table, ['n'], [[1]]))).rejects.toThrow(/OPS-44\): COPY tx_probe_/);
    expect(await rows()).toEqual([]);
  });

  it('lets work started inside a transaction use the store once the transaction has ended', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await insert(tx, 1);
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => insert(db, 2));
    });
    await later;
    expect(await rows()).toEqual([1, 2]);
    await db.query(`DELETE FROM ${table}`);
  });

  it('lets other requests use the store while one holds a transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await insert(t, 1);
      await held;
    });
    // Another call chain (another request): on PostgreSQL it runs beside the transaction, on PGlite after it.
    const other = db.query<{ n: number }>('SELECT 1 AS n');
    release();
    await tx;
    expect(await other).toEqual([{ n: 1 }]);
    await db.query(`DELETE FROM ${table}`);
  });
});
