import type { Queryable } from '../db/db';
import { seedOrderStory, type StoryGoods } from './order-story';

/**
 * The seed step of due to reorder (补货提醒, REORDER-01..REORDER-04): demo3, the second store of demo's company, buys
 * four goods on a cadence (completed orders paid by Alipay, no stock held, demo's own orders, wallet and points
 * untouched), so demo's and demo3's 补货提醒 show one overdue, one due today, one due soon and none of the fourth,
 * whose next purchase is further off. Days are before the seeding, so "due" holds on the day the store is seeded
 * and follows from the dates after it.
 */
const CADENCES: readonly { days: number[]; numbers: number[] }[] = [
  // Every 14 days, last 15 days ago: due since yesterday.
  { days: [57, 43, 29, 15], numbers: [20, 20, 30, 20] },
  // Every 10 days, last 10 days ago: due today.
  { days: [40, 30, 20, 10], numbers: [10, 12, 10, 8] },
  // Every 7 days, last 5 days ago: due in 2 days (即将到期).
  { days: [26, 19, 12, 5], numbers: [6, 6, 5, 6] },
  // Every 20 days, last 4 days ago: not due for 16 days, so not listed.
  { days: [44, 24, 4], numbers: [3, 3, 3] },
];

const ago = (days: number) => `${days} days`;

export async function seedReorder(tx: Queryable): Promise<void> {
  const [store] = await tx.query<{ id: number; company_id: number }>(
    "SELECT id, company_id FROM users WHERE username = 'demo3'",
  );
  if (store === undefined) throw new Error('seed: no user demo3');
  // Goods the company may buy (SCOPE-01) and has not bought yet, so their cadence is this story's alone.
  const goods = await tx.query<StoryGoods>(
    `SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.price FROM goods g
     WHERE g.is_buy = 1 AND g.is_hm = 0 AND g.price > 0 AND g.number >= 200
       AND g.scope_class IN (SELECT scope_class FROM business_scopes WHERE company_id = $1)
       AND NOT EXISTS (SELECT 1 FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN users u ON u.id = o.user_id
         WHERE l.goods_id = g.id AND u.company_id = $1)
     ORDER BY g.id LIMIT $2 OFFSET 20`,
    [store.company_id, CADENCES.length],
  );
  let key = 0;
  for (const [index, { days, numbers }] of CADENCES.entries()) {
    const g = goods[index];
    if (g === undefined) throw new Error('seed: too few goods for the reorder story');
    for (const [at, day] of days.entries()) {
      key += 1;
      await seedOrderStory(tx, {
        key: `seed-reorder-${key}`,
        userId: store.id,
        placed: ago(day),
        status: 3,
        lines: [{ goods: g, number: numbers[at] ?? 1 }],
        steps: { paid: ago(day), shipped: ago(day - 1), received: ago(day - 3) },
        payMethod: 'alipay',
        shipment: {
          carrier: '顺丰速运',
          waybill: (orderId) => `SF14${String(orderId).padStart(8, '0')}`,
          traces: [
            [ago(day - 1), '【杭州】顺丰速运已收取快件'],
            [ago(day - 3), '【杭州滨江】快件已签收，签收人：本人'],
          ],
        },
      });
    }
  }
}
