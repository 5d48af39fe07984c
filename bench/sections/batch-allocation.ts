// Section 13: first-expiry-first-out allocation of an order of 200 lines across batches (BATCH-03, BATCH-04, ADR
// 0137) at the upstream on PostgreSQL: the two statements placing an order runs to take its stock (lock the goods in
// id order, then take each goods' units from its batches), timed inside a transaction that is rolled back, so every
// sample allocates from the same stock.
import pg from 'pg';
import { allocate, lockGoods, type Want } from '../../upstream/src/areas/batches/store';
import { migrate } from '../../upstream/src/db/migrate';
import { openPostgres } from '../../upstream/src/db/postgres';
import { seedIfEmpty } from '../../upstream/src/seed/seed';
import { fixed, percentile } from '../lib/stats';

const DATABASE = 'batch_bench';
const LINES = 200;
const SAMPLES = 60;

class RollBack extends Error {}

export interface BatchAllocationResult {
  markdown: string;
  p50: number;
  p95: number;
}

export async function measureBatchAllocation(options: { databaseUrl: string }): Promise<BatchAllocationResult> {
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(options.databaseUrl);
  url.pathname = `/${DATABASE}`;
  const db = openPostgres(url.toString());
  try {
    await migrate(db);
    await seedIfEmpty(db);
    // 200 goods held in two or more batches, each line asking one unit more than its first-expiring batch holds, so
    // every line is split over two batches.
    const goods = await db.query<{ goods_id: number; first: number }>(
      `SELECT b.goods_id, (array_agg(b.quantity ORDER BY r.expires_on, b.id))[1] AS first
       FROM goods_batches b JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
       WHERE b.quantity > 0 GROUP BY b.goods_id HAVING count(*) >= 2 ORDER BY b.goods_id LIMIT $1`,
      [LINES],
    );
    if (goods.length < LINES) throw new Error(`only ${goods.length} goods with two stocked batches`);
    const want: Want[] = goods.map((g) => ({ goodsId: g.goods_id, units: g.first + 1 }));
    let batchesTaken = 0;
    const once = async () => {
      const started = performance.now();
      let elapsed = 0;
      await db
        .transaction(async (tx) => {
          if ((await lockGoods(tx, want)) !== undefined) throw new Error('a goods was short');
          batchesTaken = (await allocate(tx, want)).length;
          elapsed = performance.now() - started;
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
      return elapsed;
    };
    for (let i = 0; i < 5; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) times.push(await once());
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const markdown = [
      `A fresh PostgreSQL database (\`${DATABASE}\`) migrated and seeded as \`npm start\` seeds it. One order of`,
      `${LINES} lines, each of a different goods and one unit more than the goods' first-expiring batch holds, so each`,
      `line takes from two batches (${batchesTaken} batch rows changed per order). Timed from BEGIN to the end of the`,
      'two statements (locking the goods rows in id order, then the allocation, the batches and the goods stock in',
      `one statement), then rolled back; ${SAMPLES} samples after 5 warm-up, one at a time.`,
      '',
      '| lines | batches taken from | p50 ms | p95 ms |',
      '|---|---|---|---|',
      `| ${LINES} | ${batchesTaken} | ${fixed(p50, 1)} | ${fixed(p95, 1)} |`,
    ].join('\n');
    return { markdown, p50, p95 };
  } finally {
    await db.close();
  }
}
