/**
 * Stock by batch (BATCH-01..BATCH-07, ADR 0137): first-expiry-first-out allocation when an order takes its stock, the
 * batches each order line came from, and giving them back when an order is cancelled. The SQL only; the order's rules
 * are in ../orders/service.
 */
import type { Queryable } from '../../db/db';

/** What an order takes of one goods. */
export interface Want {
  goodsId: number;
  units: number;
}

/** Units of one batch taken for a goods, in first-expiry-first-out order. */
export interface Allocation {
  batchId: number;
  goodsId: number;
  taken: number;
}

/** A goods whose stock is short of what was asked, with what is left. */
export interface Short {
  goodsId: number;
  stock: number;
}

/**
 * BATCH-03: locks the goods rows in goods-id order (so concurrent orders of the same goods wait for each other
 * instead of deadlocking) and answers the first goods whose stock is short, or undefined when all are there. Every
 * writer of a batch holds its goods' row first, so the batches read after this cannot change under the order.
 */
export async function lockGoods(tx: Queryable, want: readonly Want[]): Promise<Short | undefined> {
  const rows = await tx.query<{ id: number; number: number }>(
    'SELECT id, number FROM goods WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [want.map((w) => w.goodsId)],
  );
  const stock = new Map(rows.map((r) => [r.id, r.number]));
  for (const w of want) {
    const left = stock.get(w.goodsId) ?? 0;
    if (left < w.units) return { goodsId: w.goodsId, stock: left };
  }
  return undefined;
}

/**
 * BATCH-02, BATCH-04, BATCH-05: in one statement, takes each goods' units from its batches in order of expiry (then
 * batch id), takes them off the goods' stock (counting them sold) and moves the goods' expiry to the nearest batch
 * still in stock. Goods without batches (catalogue rows with no inspection report) lose the units from their stock
 * only. Call after lockGoods found every goods' stock enough; answers the units taken per batch.
 */
export function allocate(tx: Queryable, want: readonly Want[]): Promise<Allocation[]> {
  return tx.query<Allocation>(
    `WITH want AS (SELECT * FROM unnest($1::int[], $2::int[]) AS w (goods_id, units)),
     stocked AS (
       SELECT b.id, b.goods_id, b.quantity, r.expires_on, w.units,
              sum(b.quantity) OVER (PARTITION BY b.goods_id ORDER BY r.expires_on, b.id) AS upto
       FROM want w
       JOIN goods_batches b ON b.goods_id = w.goods_id AND b.quantity > 0
       JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no),
     alloc AS (
       SELECT id, goods_id, expires_on, quantity, GREATEST(LEAST(quantity, units - (upto - quantity)), 0)::int AS taken
       FROM stocked),
     taken AS (
       UPDATE goods_batches b SET quantity = b.quantity - a.taken FROM alloc a WHERE b.id = a.id AND a.taken > 0
       RETURNING b.id, b.goods_id, a.taken, a.expires_on),
     nearest AS (
       SELECT goods_id, min(expires_on) FILTER (WHERE quantity > taken) AS expires_on FROM alloc GROUP BY goods_id),
     sold AS (
       UPDATE goods g SET number = g.number - w.units, sales = g.sales + w.units,
         expire_date = COALESCE(n.expires_on, g.expire_date)
       FROM want w LEFT JOIN nearest n ON n.goods_id = w.goods_id
       WHERE g.id = w.goods_id RETURNING g.id)
     SELECT t.id AS "batchId", t.goods_id AS "goodsId", t.taken FROM taken t ORDER BY t.goods_id, t.expires_on, t.id`,
    [want.map((w) => w.goodsId), want.map((w) => w.units)],
  );
}

/** One order line's units of one batch. */
export interface LineBatch {
  lineId: number;
  batchId: number;
  number: number;
}

/**
 * BATCH-04: hands each goods' allocated units to the order's lines of that goods, in line order (a goods bought in a
 * set and as a gift too takes its earliest batches for the first line).
 */
export function splitOverLines(
  lines: readonly { id: number; goods_id: number; number: number }[],
  allocations: readonly Allocation[],
): LineBatch[] {
  const queues = new Map<number, { batchId: number; left: number }[]>();
  for (const a of allocations) {
    const queue = queues.get(a.goodsId) ?? [];
    queue.push({ batchId: a.batchId, left: a.taken });
    queues.set(a.goodsId, queue);
  }
  const out: LineBatch[] = [];
  for (const line of lines) {
    const queue = queues.get(line.goods_id) ?? [];
    let need = line.number;
    while (need > 0 && queue.length > 0) {
      const head = queue[0];
      if (head === undefined) break;
      const n = Math.min(need, head.left);
      out.push({ lineId: line.id, batchId: head.batchId, number: n });
      need -= n;
      head.left -= n;
      if (head.left === 0) queue.shift();
    }
  }
  return out;
}

/** Records which batches the lines' units came from, in one statement. */
export async function insertLineBatches(tx: Queryable, rows: readonly LineBatch[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO order_line_batches (order_line_id, batch_id, number)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
    [rows.map((r) => r.lineId), rows.map((r) => r.batchId), rows.map((r) => r.number)],
  );
}

/** BATCH-04: gives the order's allocated units to its lines, as recorded after the lines are written. */
export async function assignToOrder(tx: Queryable, orderId: number, allocations: readonly Allocation[]) {
  if (allocations.length === 0) return;
  const lines = await tx.query<{ id: number; goods_id: number; number: number }>(
    'SELECT id, goods_id, number FROM order_lines WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  await insertLineBatches(tx, splitOverLines(lines, allocations));
}

/**
 * BATCH-06: a cancelled order's units go back to the batches they came from and the goods' expiry to the nearest
 * batch in stock again; the order's lines keep no batch. The goods' stock itself is given back by the order's cancel,
 * in the same transaction, before this (so the goods rows are held first, as on allocation).
 */
export async function giveBack(tx: Queryable, orderId: number): Promise<void> {
  const touched = await tx.query<{ goods_id: number }>(
    `WITH back AS (
       DELETE FROM order_line_batches olb USING order_lines l
       WHERE l.id = olb.order_line_id AND l.order_id = $1 RETURNING olb.batch_id, olb.number),
     per AS (SELECT batch_id, sum(number)::int AS n FROM back GROUP BY batch_id)
     UPDATE goods_batches b SET quantity = b.quantity + per.n FROM per WHERE b.id = per.batch_id
     RETURNING b.goods_id`,
    [orderId],
  );
  await refreshExpiry(
    tx,
    touched.map((t) => t.goods_id),
  );
}

/** BATCH-05: the goods' expiry is the nearest expiry of their batches in stock (left as it was with none in stock). */
export async function refreshExpiry(tx: Queryable, goodsIds: readonly number[]): Promise<void> {
  if (goodsIds.length === 0) return;
  await tx.query(
    `UPDATE goods g SET expire_date = n.expires_on
     FROM (SELECT b.goods_id, min(r.expires_on) AS expires_on
           FROM goods_batches b JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
           WHERE b.goods_id = ANY($1::int[]) AND b.quantity > 0 GROUP BY b.goods_id) n
     WHERE g.id = n.goods_id`,
    [goodsIds],
  );
}

/** A batch as an order line, a return or a delivery note shows it. */
export interface BatchView {
  batch_id: number;
  batch_no: string;
  produced_on: string;
  expires_on: string;
}

export interface LineBatchRow extends BatchView {
  order_line_id: number;
  number: number;
}

const BATCH_COLUMNS = `b.id AS batch_id, b.batch_no, to_char(r.produced_on, 'YYYY-MM-DD') AS produced_on,
  to_char(r.expires_on, 'YYYY-MM-DD') AS expires_on`;

/** BATCH-04: the batches of order lines, each line's by expiry. */
export function lineBatches(q: Queryable, lineIds: readonly number[]): Promise<LineBatchRow[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return q.query<LineBatchRow>(
    `SELECT olb.order_line_id, olb.number, ${BATCH_COLUMNS}
     FROM order_line_batches olb
     JOIN goods_batches b ON b.id = olb.batch_id
     JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
     WHERE olb.order_line_id = ANY($1::int[])
     ORDER BY olb.order_line_id, r.expires_on, b.id`,
    [lineIds],
  );
}

/** Order lines' batches by line id. */
export type LineBatches = Map<number, (BatchView & { number: number })[]>;

/** The batches of order lines by line, as the order's lines carry them. */
export async function batchesByLine(q: Queryable, lineIds: readonly number[]): Promise<LineBatches> {
  const byLine: LineBatches = new Map();
  for (const { order_line_id, ...batch } of await lineBatches(q, lineIds)) {
    const list = byLine.get(order_line_id) ?? [];
    list.push(batch);
    byLine.set(order_line_id, list);
  }
  return byLine;
}

/** A batch by id, as a return names it. */
export async function batchView(q: Queryable, batchId: number): Promise<BatchView | undefined> {
  const [row] = await q.query<BatchView>(
    `SELECT ${BATCH_COLUMNS} FROM goods_batches b
     JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no WHERE b.id = $1`,
    [batchId],
  );
  return row;
}

/** One of a line's batches with how many of its units returns not refused already ask back. */
export interface ReturnableBatch {
  batch_id: number;
  number: number;
  requested: number;
}

/** BATCH-07: a line's batches, nearest expiry first, with the units returns not refused already name of each. */
export function returnableBatches(q: Queryable, lineId: number): Promise<ReturnableBatch[]> {
  return q.query<ReturnableBatch>(
    `SELECT olb.batch_id, olb.number,
       COALESCE((SELECT sum(r.number) FROM returns r WHERE r.order_line_id = olb.order_line_id
                 AND r.batch_id = olb.batch_id AND r.status <> 2), 0)::int AS requested
     FROM order_line_batches olb
     JOIN goods_batches b ON b.id = olb.batch_id
     JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
     WHERE olb.order_line_id = $1 ORDER BY r.expires_on, b.id`,
    [lineId],
  );
}

/** BATCH-07: names the batch a return sends back. */
export async function setReturnBatch(tx: Queryable, returnId: number, batchId: number): Promise<void> {
  await tx.query('UPDATE returns SET batch_id = $2 WHERE id = $1', [returnId, batchId]);
}
