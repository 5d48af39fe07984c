import { formatFen } from '@pharma/domain/money';
import type { Queryable } from '../db/db';
import { postMessage } from '../areas/messages/store';
import { seedOrderStory, type StoryGoods, type StorySteps } from './order-story';

/**
 * The seed step of credit terms (CREDIT-01..CREDIT-08): demo's company has a line of ¥200,000.00 on 30 days, a month
 * and more of orders paid on credit (the oldest repaid by a confirmed bank transfer before it fell due, the newest
 * still owed), and a repayment waiting for the platform, so /wdqb/zq, the pay page's 账期支付 and the month's
 * statements tell the whole story. Times are relative to the seeding; due dates follow from them (China time).
 */

const LIMIT = 20_000_000;
const TERM_DAYS = 30;

interface CreditOrder {
  /** Which buyable goods (by position) and how many of each. */
  goods: [number, number][];
  placed: string;
  steps: StorySteps;
  status: 1 | 2 | 3;
  /** The SF Express waybill of a shipped order. */
  waybill?: string;
}

const ORDERS: CreditOrder[] = [
  {
    goods: [
      [7, 60],
      [8, 40],
    ],
    placed: '41 days',
    steps: { paid: '41 days', shipped: '40 days', received: '37 days' },
    status: 3,
    waybill: 'SF1402837400411',
  },
  {
    goods: [[9, 80]],
    placed: '33 days',
    steps: { paid: '33 days', shipped: '32 days', received: '29 days' },
    status: 3,
    waybill: 'SF1402837400332',
  },
  {
    goods: [
      [10, 50],
      [11, 30],
    ],
    placed: '19 days',
    steps: { paid: '19 days', shipped: '18 days', received: '15 days' },
    status: 3,
    waybill: 'SF1402837400193',
  },
  {
    goods: [[1, 24]],
    placed: '8 days',
    steps: { paid: '8 days', shipped: '7 days' },
    status: 2,
    waybill: 'SF1402837400084',
  },
  { goods: [[2, 36]], placed: '2 days', steps: { paid: '2 days' }, status: 1 },
];

export async function seedCredit(tx: Queryable): Promise<void> {
  const [demo] = await tx.query<{ id: number; company_id: number }>(
    "SELECT id, company_id FROM users WHERE username = 'demo'",
  );
  if (demo === undefined) throw new Error('seed: no user demo');
  const goods = await tx.query<StoryGoods>(
    `SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE is_buy = 1 AND is_hm = 0 AND price > 0
     ORDER BY id LIMIT 12`,
  );
  await tx.query(
    `INSERT INTO credit_lines (company_id, limit_amount, term_days, created_at, updated_at)
     VALUES ($1, $2, $3, now() - interval '45 days', now() - interval '45 days')`,
    [demo.company_id, LIMIT, TERM_DAYS],
  );
  const paid: number[] = [];
  for (const [index, o] of ORDERS.entries()) {
    const { id, pay } = await seedOrderStory(tx, {
      key: `seed-credit-${index + 1}`,
      userId: demo.id,
      placed: o.placed,
      status: o.status,
      lines: o.goods.map(([at, number]) => {
        const g = goods[at % goods.length];
        if (g === undefined) throw new Error('seed: the catalogue has no buyable goods');
        return { goods: g, number };
      }),
      steps: o.steps,
      payMethod: 'credit',
      shipment:
        o.waybill === undefined || o.steps.shipped === undefined
          ? undefined
          : {
              carrier: '顺丰速运',
              waybill: o.waybill,
              traces: [
                [o.steps.shipped, '【杭州市】顺丰速运已收取快件'],
                ...(o.steps.received === undefined
                  ? []
                  : [[o.steps.received, '快件已签收，签收人：前台，如有疑问请联系派送员'] as const]),
              ],
            },
    });
    // CREDIT-03: due term_days after the China-time day it was paid.
    await tx.query(
      `INSERT INTO credit_charges (company_id, order_id, user_id, amount, due_date, created_at)
       SELECT $1, o.id, o.user_id, o.pay_amount, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date + $2::int, o.paid_at
       FROM orders o WHERE o.id = $3`,
      [demo.company_id, TERM_DAYS, id],
    );
    paid.push(pay);
  }
  // CREDIT-06: the first month's two orders repaid by one transfer, confirmed before the first fell due.
  const repaid = (paid[0] ?? 0) + (paid[1] ?? 0);
  await tx.query(
    `INSERT INTO credit_repayments (company_id, user_id, amount, payer_name, remark, status, created_at, decided_at)
     VALUES ($1, $2, $3, '仁心大药房连锁有限公司', '账期还款', 'confirmed', now() - interval '13 days',
       now() - interval '12 days')`,
    [demo.company_id, demo.id, repaid],
  );
  await postMessage(tx, demo.id, {
    kind: 'order',
    title: '账期还款已到账',
    body: `您的账期还款 ¥${formatFen(repaid)} 已到账确认，已恢复相应账期额度。`,
    link: '/wdqb/zq',
    dedupeKey: 'seed:credit:repaid',
  });
  await tx.query("UPDATE messages SET created_at = now() - interval '12 days' WHERE user_id = $1 AND dedupe_key = $2", [
    demo.id,
    'seed:credit:repaid',
  ]);
  // A second transfer the buyer reported yesterday, waiting for the platform (待确认).
  await tx.query(
    `INSERT INTO credit_repayments (company_id, user_id, amount, payer_name, remark, created_at)
     VALUES ($1, $2, $3, '仁心大药房连锁有限公司', '', now() - interval '1 day')`,
    [demo.company_id, demo.id, paid[2] ?? 0],
  );
}
