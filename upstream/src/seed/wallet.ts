import type { Queryable } from '../db/db';
import { HM_GOODS_NAMES } from './checkout';
import { seedOrderStory, type StoryGoods, type StoryLine } from './order-story';

/**
 * The wallet seed step (issue 11): completed orders of ephedrine-type goods with their receipts (/hmdd), the points
 * they earned and the points history of each demo company (/wdqb/jfgl), points orders (/jfdd), cash vouchers
 * (/wdqb/xjq) and a coupon used on an order (the 已使用 tab of /wdqb/yhq). Dates are relative to the seeding.
 *
 * The points history ends at the points the company already holds (companies.points of the catalogue step), so the
 * step adds the history behind the balance without changing the balance.
 */

interface SeedOrder {
  /** Days before the seeding the order was placed; it was paid the same day and completed four days later. */
  daysAgo: number;
  /** Goods by name and the fen each order line should at least reach. */
  lines: readonly { goods: string; atLeast: number }[];
  receipt: { name: string; idCard: string };
  /** A coupon of the checkout seed the order used, by id, with the amount it took off. */
  coupon?: { id: number; amount: number };
}

interface SeedPointsOrder {
  goods: string;
  unitPoints: number;
  quantity: number;
  status: 0 | 1 | 2 | 3;
  daysAgo: number;
}

interface SeedVoucher {
  name: string;
  amount: number;
  source: string;
  /** Validity relative to the seeding, as PostgreSQL intervals. */
  from: string;
  to: string;
  /** Redeemed into the balance (a recharge in the money log) this long before the seeding, a PostgreSQL interval. */
  redeemed?: string;
}

interface BuyerPlan {
  username: string;
  orders: readonly SeedOrder[];
  pointsOrders: readonly SeedPointsOrder[];
  /** Adjustments by the platform (type 3): days ago, the change and why. The first may be left to balance. */
  adjustments: readonly { daysAgo: number; change: number | 'balance'; remark: string }[];
  vouchers: readonly SeedVoucher[];
}

const PLANS: readonly BuyerPlan[] = [
  {
    username: 'demo',
    orders: [
      {
        daysAgo: 40,
        lines: [
          { goods: HM_GOODS_NAMES[0] ?? '急支糖浆', atLeast: 20000 },
          { goods: HM_GOODS_NAMES[2] ?? '复方甘草片', atLeast: 15000 },
        ],
        receipt: { name: '李明', idCard: '330106198807151234' },
        coupon: { id: 1, amount: 3000 },
      },
      {
        daysAgo: 12,
        lines: [{ goods: HM_GOODS_NAMES[1] ?? '小儿肺热咳喘口服液', atLeast: 42000 }],
        receipt: { name: '张伟', idCard: '33010819900203561X' },
      },
    ],
    pointsOrders: [
      { goods: '医用外科口罩（50只/盒）', unitPoints: 150, quantity: 2, status: 2, daysAgo: 30 },
      { goods: '电子体温计', unitPoints: 200, quantity: 1, status: 1, daysAgo: 8 },
      { goods: '收银热敏纸（57×50mm，10卷）', unitPoints: 60, quantity: 3, status: 0, daysAgo: 1 },
    ],
    adjustments: [
      { daysAgo: 90, change: 'balance', remark: '原会员系统积分迁入' },
      { daysAgo: 5, change: 100, remark: '会员日赠送积分' },
    ],
    vouchers: [
      { name: '新客专享现金券', amount: 5000, source: '新客注册礼', from: '-10 days', to: '60 days' },
      { name: '双十二返现券', amount: 2000, source: '活动奖励', from: '-2 days', to: '30 days' },
      { name: '年终回馈现金券', amount: 10000, source: '年终回馈', from: '3 days', to: '90 days' },
      {
        name: '售后补偿现金券',
        amount: 3000,
        source: '售后补偿',
        from: '-25 days',
        to: '35 days',
        redeemed: '20 days',
      },
      { name: '国庆活动返现券', amount: 1000, source: '活动奖励', from: '-60 days', to: '-5 days' },
    ],
  },
  {
    username: 'demo2',
    orders: [
      {
        daysAgo: 50,
        lines: [{ goods: HM_GOODS_NAMES[0] ?? '急支糖浆', atLeast: 31000 }],
        receipt: { name: '陈静', idCard: '320106198511204321' },
        coupon: { id: 3, amount: 1000 },
      },
    ],
    pointsOrders: [{ goods: '一次性医用手套（100只/盒）', unitPoints: 150, quantity: 1, status: 2, daysAgo: 20 }],
    // Cleared before the clinic's order of the after-sale step was completed (5 days ago), which earned what it holds.
    adjustments: [{ daysAgo: 6, change: 'balance', remark: '年度积分清零' }],
    vouchers: [
      { name: '新客专享现金券', amount: 5000, source: '新客注册礼', from: '-5 days', to: '85 days' },
      { name: '诊所专享返现券', amount: 1500, source: '活动奖励', from: '-1 days', to: '20 days' },
      { name: '中秋活动返现券', amount: 800, source: '活动奖励', from: '-80 days', to: '-20 days' },
    ],
  },
];

interface Movement {
  daysAgo: number;
  type: 1 | 2 | 3;
  change: number | 'balance';
  remark: string;
  orderId?: number;
  pointsOrderId?: number;
}

const ago = (days: number) => `${days} days`;

async function seedOrder(tx: Queryable, userId: number, o: SeedOrder, key: string) {
  const lines: StoryLine[] = [];
  for (const l of o.lines) {
    const [g] = await tx.query<StoryGoods>(
      'SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE name = $1 AND is_hm = 1 ORDER BY id LIMIT 1',
      [l.goods],
    );
    if (g === undefined) throw new Error(`seed: no ephedrine-type goods ${l.goods}`);
    const price = Math.max(g.price, 1);
    lines.push({ goods: { ...g, price }, number: Math.ceil(l.atLeast / price), isHm: true });
  }
  // A done order went through every step: paid twenty minutes after it was placed, shipped the next day with its
  // trace, received two days later, so the order's page tells the whole story.
  const placed = ago(o.daysAgo);
  const order = await seedOrderStory(tx, {
    key,
    userId,
    placed,
    status: 3,
    lines,
    steps: {
      paid: `${placed} -20 minutes`,
      shipped: ago(o.daysAgo - 1),
      received: ago(o.daysAgo - 3),
    },
    payMethod: 'alipay',
    freight: 0,
    coupon: o.coupon,
    shipment: {
      carrier: '顺丰速运',
      waybill: (id) => `SF${String(1_302_000_000 + id * 7919).padStart(12, '0')}`,
      traces: [
        [ago(o.daysAgo - 1), '【杭州】顺丰速运已收取快件'],
        [ago(o.daysAgo - 2), '快件已到达收件城市转运中心'],
        [ago(o.daysAgo - 3), '快件已签收，签收人：本人'],
      ],
    },
    receipt: o.receipt,
  });
  return { id: order.id, orderSn: order.sn, payAmount: order.pay };
}

async function seedBuyer(tx: Queryable, plan: BuyerPlan): Promise<void> {
  const [user] = await tx.query<{ id: number; company_id: number; points: number }>(
    `SELECT u.id, u.company_id, c.points FROM users u JOIN companies c ON c.id = u.company_id WHERE u.username = $1`,
    [plan.username],
  );
  if (user === undefined) throw new Error(`seed: no user ${plan.username}`);

  const movements: Movement[] = [];
  for (const [i, o] of plan.orders.entries()) {
    const order = await seedOrder(tx, user.id, o, `seed-wallet-${plan.username}-${i}`);
    // WALLET-01: one point per whole yuan paid, earned when the order was completed.
    movements.push({
      daysAgo: o.daysAgo - 4,
      type: 1,
      change: Math.floor(order.payAmount / 100),
      remark: `订单完成 ${order.orderSn}`,
      orderId: order.id,
    });
  }
  for (const p of plan.pointsOrders) {
    const [row] = await tx.query<{ id: number; order_sn: string }>(
      `INSERT INTO points_orders (order_sn, user_id, goods_name, unit_points, quantity, points, status, created_at)
       VALUES ('seed', $1, $2, $3::int, $4::int, $3::int * $4::int, $5, now() - $6::interval) RETURNING id, order_sn`,
      [user.id, p.goods, p.unitPoints, p.quantity, p.status, ago(p.daysAgo)],
    );
    if (row === undefined) throw new Error('seed: a points order was not written');
    const [sn] = await tx.query<{ order_sn: string }>(
      `UPDATE points_orders SET order_sn = 'JF' || to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
         || lpad(id::text, 6, '0') WHERE id = $1 RETURNING order_sn`,
      [row.id],
    );
    movements.push({
      daysAgo: p.daysAgo,
      type: 2,
      change: -p.unitPoints * p.quantity,
      remark: `积分兑换 ${p.goods} ×${p.quantity}（${sn?.order_sn ?? ''}）`,
      pointsOrderId: row.id,
    });
  }
  for (const a of plan.adjustments) movements.push({ daysAgo: a.daysAgo, type: 3, change: a.change, remark: a.remark });

  // The one 'balance' adjustment makes the history end at the points the company holds.
  const known = movements.reduce((sum, m) => sum + (m.change === 'balance' ? 0 : m.change), 0);
  const balancing = user.points - known;
  movements.sort((a, b) => b.daysAgo - a.daysAgo);
  let points = 0;
  for (const m of movements) {
    const change = m.change === 'balance' ? balancing : m.change;
    if (change === 0) continue;
    points += change;
    if (points < 0) throw new Error(`seed: the points history of ${plan.username} goes below zero`);
    await tx.query(
      `INSERT INTO points_log (company_id, user_id, type, change, balance_after, order_id, points_order_id, remark,
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - $9::interval)`,
      [
        user.company_id,
        user.id,
        m.type,
        change,
        points,
        m.orderId ?? null,
        m.pointsOrderId ?? null,
        m.remark,
        ago(m.daysAgo),
      ],
    );
  }
  if (points !== user.points)
    throw new Error(`seed: the points history of ${plan.username} does not end at its points`);

  for (const v of plan.vouchers) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO cash_vouchers (user_id, name, amount, source, start_at, end_at, created_at)
       VALUES ($1, $2, $3, $4, now() + $5::interval, now() + $6::interval, now() + $5::interval) RETURNING id`,
      [user.id, v.name, v.amount, v.source, v.from, v.to],
    );
    if (v.redeemed !== undefined && row !== undefined) {
      // WALLET-04: a redeemed voucher is a recharge of the balance, written as the service writes it, on its day.
      // The after-sale step restates the running balances once every entry is written (WALLET-08).
      const [wallet] = await tx.query<{ balance: number }>(
        'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
        [user.id, v.amount],
      );
      const [log] = await tx.query<{ id: number }>(
        `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, created_at)
         VALUES ($1, $2, $3, 1, $4, now() - $5::interval) RETURNING id`,
        [user.id, v.amount, wallet?.balance ?? v.amount, `现金券充值 ${v.name}`, v.redeemed],
      );
      await tx.query(
        'UPDATE cash_vouchers SET status = 1, used_at = now() - $3::interval, money_log_id = $2 WHERE id = $1',
        [row.id, log?.id ?? null, v.redeemed],
      );
    }
  }
}

export async function seedWallet(tx: Queryable): Promise<void> {
  for (const plan of PLANS) await seedBuyer(tx, plan);
}
