// One price from the card to the invoice (PRICE-01..PRICE-12): random carts of the seed's promoted goods (seckills,
// 9.5折 discounts, goods' own 满减, 买10赠1 gifts, ladders) are put in a fresh buyer's cart, confirmed, ordered, paid
// from the balance, shipped and received. Each line's unit price must be the one an independent reading of the goods'
// activities and ladder gives, and every surface must show the same amounts to the fen: the cart's summary, the
// confirm page, the order, the balance movement, the points, and the invoice's lines and its capitals.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { capitalAmount } from '@pharma/domain/capital-amount';
import type { OrderAmounts as Amounts } from '@pharma/domain/order-amounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { receiveOrder, shipOrder } from '../src/areas/orders/service';
import { invoiceLines, orderAmounts as invoiceAmounts } from '../src/areas/invoices/store';
import { invoiceLinesOf } from '../src/areas/invoices/service';
import { pointsForPaid } from '../src/areas/wallet/points';
import { PAY_PASSWORD, call, makeBuyers, removeBuyers, testApp } from './testkit';

const RUNS = 12;

let app: FastifyInstance;
let db: Db;
const buyers: number[] = [];

interface Candidate {
  id: number;
  kind: 'seckill' | 'discount' | 'manjian' | 'gift' | 'ladder';
  activity_id: number | null;
}

let candidates: Candidate[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
  // Buyable goods with stock to spare, no ephedrine receipt step, one of each promotion kind or a ladder.
  candidates = await db.query<Candidate>(
    `(SELECT id, kind, activity_id FROM (
        SELECT g.id, a.type AS kind, a.id AS activity_id,
          row_number() OVER (PARTITION BY a.type ORDER BY g.id) AS nth
        FROM goods g JOIN goods_activities ga ON ga.goods_id = g.id
        JOIN activities a ON a.id = ga.activity_id AND a.start_at <= now() AND a.end_at > now()
          AND a.type IN ('seckill', 'discount', 'manjian', 'gift')
        WHERE g.is_buy = 1 AND g.number >= 500 AND g.is_hm = 0 AND g.price BETWEEN 500 AND 20000
      ) ranked WHERE nth <= 8)
     UNION ALL
     (SELECT g.id, 'ladder', NULL FROM goods g
      WHERE g.is_buy = 1 AND g.number >= 500 AND g.is_hm = 0 AND g.price BETWEEN 500 AND 20000
        AND EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
        AND NOT EXISTS (SELECT 1 FROM goods_activities ga WHERE ga.goods_id = g.id)
      ORDER BY g.id LIMIT 8)`,
  );
});

// The buyers go again, and the stock and seckill units their orders took go back, so later files read the seed.
afterAll(async () => {
  if (buyers.length === 0) return;
  const orders = `SELECT id FROM orders WHERE user_id = ANY($1::int[])`;
  await db.query(
    `UPDATE goods g SET number = g.number + l.n, sales = GREATEST(g.sales - l.n, 0)
     FROM (SELECT goods_id, sum(number)::int AS n FROM order_lines WHERE order_id IN (${orders}) GROUP BY goods_id) l
     WHERE g.id = l.goods_id`,
    [buyers],
  );
  await db.query(
    `UPDATE goods_activities ga SET sold = GREATEST(ga.sold - l.n, 0)
     FROM (SELECT activity_id, goods_id, sum(number)::int AS n FROM order_lines
           WHERE order_id IN (${orders}) AND promotion = 'SECKILL' GROUP BY activity_id, goods_id) l
     WHERE ga.activity_id = l.activity_id AND ga.goods_id = l.goods_id`,
    [buyers],
  );
  await removeBuyers(db, buyers);
});

interface Activity {
  id: number;
  type: string;
  status: number;
  price: number | null;
  discount: number | null;
  threshold: number | null;
  reduce: number | null;
  gift_number: number | null;
}

interface Line {
  id: number;
  number: number;
  price: number;
  total: number;
  type: number;
  is_selected: number;
  goods_manjian_amount: number;
  gift_data: { total: number };
  goods: {
    id: number;
    price: number;
    number: number;
    ladder_price: { number: number; price: number }[];
    ladder_price_type: number;
  };
}

/** CART-06, read from the goods' own ladder as docs/product.md states it. */
function ladderPrice(quantity: number, goods: Line['goods']): number {
  const tiers = [...goods.ladder_price].sort((a, b) => a.number - b.number);
  if (tiers.length === 0) return goods.price;
  if (goods.ladder_price_type === 1)
    return (tiers.find((t) => t.number >= quantity) ?? tiers[tiers.length - 1])?.price ?? goods.price;
  let price = goods.price;
  for (const t of tiers) if (t.number <= quantity) price = t.price;
  return price;
}

/** PRICE-01..PRICE-07 read independently from the goods' running activities (GET /api/goods/activities). */
function expectedLine(line: Line, activities: Activity[]) {
  const running = activities.filter((a) => a.status === 1);
  const seckill = running.find((a) => a.type === 'seckill');
  if (line.type === 1 && seckill?.price != null) return { unit: seckill.price, reduction: 0, gifts: 0 };
  const discount = running
    .filter((a) => a.type === 'discount')
    .sort((a, b) => (a.discount ?? 0) - (b.discount ?? 0))[0];
  const base = ladderPrice(line.number, line.goods);
  if (discount?.discount != null) return { unit: Math.floor((base * discount.discount) / 100), reduction: 0, gifts: 0 };
  const total = base * line.number;
  const manjian = running.find((a) => a.type === 'manjian');
  const gift = running.find((a) => a.type === 'gift');
  return {
    unit: base,
    reduction: manjian && total >= (manjian.threshold ?? Infinity) ? Math.min(manjian.reduce ?? 0, total) : 0,
    gifts: gift ? Math.floor(line.number / (gift.threshold ?? Infinity)) * (gift.gift_number ?? 0) : 0,
  };
}

const pick = fc.record({
  goods: fc.uniqueArray(fc.nat(1000), { minLength: 1, maxLength: 5 }),
  quantities: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 5, maxLength: 5 }),
  // Within the seed's limit of 5, and few enough that the runs never sell a seckill's 50 units out.
  seckillUnits: fc.integer({ min: 1, max: 2 }),
});

describe('one price from the cart to the invoice (PRICE-01..PRICE-12)', () => {
  it('random carts of promoted goods are charged the same, to the fen, on every surface', async () => {
    expect(candidates.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['seckill', 'discount', 'manjian', 'gift', 'ladder']),
    );
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(pick, async ({ goods, quantities, seckillUnits }) => {
        const [buyer] = await makeBuyers(db, 1, 10_000_000);
        if (buyer === undefined) throw new Error('no buyer');
        buyers.push(buyer.id);
        const chosen = [...new Set(goods.map((i) => candidates[i % candidates.length]))].filter(
          (c): c is Candidate => c !== undefined,
        );
        const params = chosen.map((c, i) =>
          c.kind === 'seckill'
            ? { type: 1, goods_id: c.id, goods_price_id: c.activity_id, number: seckillUnits }
            : { goods_id: c.id, number: quantities[i] ?? 1 },
        );
        const added = await call(app, 'POST', '/api/cart', { token: buyer.token, form: { params } });
        expect(added.status, JSON.stringify(added.body)).toBe(200);

        // The cart: each unit price as the goods' activities and ladder say, and the summary's amounts.
        const list = await call<{ data: Line[]; summary: { amounts: Amounts } }>(app, 'GET', '/api/cart/list', {
          token: buyer.token,
        });
        const activities = await call<{ goods_id: number; activities: Activity[] }[]>(
          app,
          'GET',
          '/api/goods/activities',
          {
            token: buyer.token,
            query: { goods_ids: chosen.map((c) => c.id) },
          },
        );
        const byGoods = new Map(activities.body.data.map((g) => [g.goods_id, g.activities]));
        let gifts = 0;
        for (const line of list.body.data.data) {
          const expected = expectedLine(line, byGoods.get(line.goods.id) ?? []);
          expect(line.price, `unit price of goods ${line.goods.id} × ${line.number}`).toBe(expected.unit);
          expect(line.total).toBe(expected.unit * line.number);
          expect(line.goods_manjian_amount).toBe(expected.reduction);
          expect(line.gift_data.total).toBe(Math.min(expected.gifts, line.goods.number - line.number));
          gifts += line.gift_data.total;
        }
        const inCart = list.body.data.summary.amounts;

        // The confirm page, without a coupon, charges what the cart said.
        const ids = list.body.data.data.map((l) => l.id);
        const preview = await call<{ amounts: Amounts }>(app, 'POST', '/api/cart/checkout', {
          token: buyer.token,
          form: { ids },
          arrayFormat: 'brackets',
        });
        expect(preview.body.data.amounts).toEqual(inCart);

        // The order keeps those amounts; the gifts come with it at ¥0.00.
        keys += 1;
        const placed = await call<{
          id: number;
          amounts: Amounts;
          lines: { is_gift: number; number: number; total: number }[];
        }>(app, 'POST', '/api/order', {
          token: buyer.token,
          form: {
            cart_ids: ids,
            address_id: buyer.addressId,
            idempotency_key: `story-${Date.now()}-${keys}`,
            invoice_type: 1,
          },
          arrayFormat: 'brackets',
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const order = placed.body.data;
        expect(order.amounts).toEqual(inCart);
        const given = order.lines.filter((l) => l.is_gift === 1);
        expect(given.reduce((sum, l) => sum + l.number, 0)).toBe(gifts);
        expect(given.every((l) => l.total === 0)).toBe(true);

        // Paid from the balance: the wallet moves by exactly the payable amount.
        const pay = inCart.pay_amount;
        const before = (await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.id]))[0];
        const paid = await call(app, 'POST', `/api/order/${order.id}/pay`, {
          token: buyer.token,
          form: { method: 'balance', pay_password: PAY_PASSWORD },
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        const after = (await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.id]))[0];
        expect((before?.balance ?? 0) - (after?.balance ?? 0)).toBe(pay);
        const [logged] = await db.query<{ amount: number }>(
          'SELECT amount FROM money_log WHERE order_id = $1 AND user_id = $2',
          [order.id, buyer.id],
        );
        expect(Math.abs(logged?.amount ?? 0)).toBe(pay);

        // The invoice's lines add up to what was paid, the gifts among them at ¥0.00; its capitals read the same.
        const invoice = invoiceLinesOf(
          await invoiceLines(db, order.id),
          (await invoiceAmounts(db, order.id)) ?? { goods_amount: 0, freight_amount: 0 },
          pay,
        );
        expect(invoice.reduce((sum, l) => sum + l.total, 0)).toBe(pay);
        expect(invoice.filter((l) => l.total === 0 && l.quantity !== null)).toHaveLength(given.length);
        expect(capitalAmount(invoice.reduce((sum, l) => sum + l.total, 0))).toBe(capitalAmount(pay));

        // Received: the points follow the amount paid.
        await shipOrder(db, order.id, '顺丰速运', `SF${order.id}`);
        await receiveOrder(db, buyer.id, order.id);
        const [points] = await db.query<{ change: number }>(
          'SELECT change FROM points_log WHERE order_id = $1 AND type = 1',
          [order.id],
        );
        expect(points?.change ?? 0).toBe(pointsForPaid(pay));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
