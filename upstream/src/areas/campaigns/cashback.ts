/** Full-amount cashback (满额返现, PROMO-01, PROMO-02): paid back to the balance when an order is completed. */
import type { Queryable } from '../../db/db';

/** money_log.use_type of a cashback. */
export const CASHBACK_USE_TYPE = 4;

/** PROMO-01: the cashback of the highest tier `amount` reaches; 0 when none is reached. */
export function cashbackFor(amount: number, tiers: readonly { amount: number; cashback: number }[]): number {
  let best = 0;
  let bestAmount = -1;
  for (const tier of tiers) {
    if (amount >= tier.amount && tier.amount > bestAmount) {
      best = tier.cashback;
      bestAmount = tier.amount;
    }
  }
  return best;
}

interface CoveredRow {
  campaign_id: number;
  title: string;
  covered: number;
  tiers: { amount: number; cashback: number }[];
}

/**
 * PROMO-01: what a completed order earns. The cashback campaigns that were running when the order was placed each
 * count the order's lines of the goods they cover, at the price they were ordered; the highest reached tier applies,
 * the best campaign wins, and the cashback never exceeds what was paid for the goods (pay − freight).
 */
export async function orderCashback(
  q: Queryable,
  userId: number,
  orderId: number,
): Promise<{ amount: number; title: string; order_sn: string } | null> {
  const [order] = await q.query<{ order_sn: string; paid_goods: number }>(
    `SELECT order_sn, GREATEST(pay_amount - freight_amount, 0) AS paid_goods FROM orders
     WHERE id = $1 AND user_id = $2 AND status = 3`,
    [orderId, userId],
  );
  if (order === undefined) return null;
  const rows = await q.query<CoveredRow>(
    `SELECT c.id AS campaign_id, c.title, sum(ol.total)::int AS covered,
       (SELECT json_agg(json_build_object('amount', t.amount, 'cashback', t.cashback))
        FROM campaign_cashback_tiers t WHERE t.campaign_id = c.id) AS tiers
     FROM orders o
     JOIN campaigns c ON c.kind = 'cashback' AND o.created_at >= c.start_at AND o.created_at < c.end_at
     JOIN order_lines ol ON ol.order_id = o.id
     JOIN campaign_goods cg ON cg.campaign_id = c.id AND cg.goods_id = ol.goods_id
     WHERE o.id = $1
     GROUP BY c.id, c.title`,
    [orderId],
  );
  let best: { amount: number; title: string } | null = null;
  for (const row of rows) {
    const amount = Math.min(cashbackFor(row.covered, row.tiers ?? []), order.paid_goods);
    if (amount > 0 && (best === null || amount > best.amount)) best = { amount, title: row.title };
  }
  return best === null ? null : { ...best, order_sn: order.order_sn };
}

/**
 * PROMO-02: credits a completed order's cashback to the buyer's balance with a 返现 entry in the money log, in the
 * caller's transaction (the one that completes the order). Once per order: the unique index on the money log makes
 * a second credit, concurrent or later, insert nothing and leave the balance as it was. Answers the amount credited.
 */
export async function awardOrderCashback(tx: Queryable, userId: number, orderId: number): Promise<number> {
  const earned = await orderCashback(tx, userId, orderId);
  if (earned === null) return 0;
  const [logged] = await tx.query<{ id: number }>(
    `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id)
     VALUES ($1, $2, 0, ${CASHBACK_USE_TYPE}, $3, $4)
     ON CONFLICT (order_id) WHERE use_type = ${CASHBACK_USE_TYPE} DO NOTHING RETURNING id`,
    [userId, earned.amount, `${earned.title} 订单${earned.order_sn}返现`, orderId],
  );
  if (logged === undefined) return 0;
  const [wallet] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [userId, earned.amount],
  );
  if (wallet === undefined) throw new Error(`user ${userId} vanished while crediting a cashback`);
  await tx.query('UPDATE money_log SET balance_after = $2 WHERE id = $1', [logged.id, wallet.balance]);
  return earned.amount;
}
