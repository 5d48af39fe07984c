import { formatFen } from '@pharma/domain/money';
import type { Queryable } from '../db/db';
import { postMessage } from '../areas/messages/store';
import { refundFor } from '../areas/returns/service';
import { restateLedgers } from './ledgers';
import { seedOrderStory, type StoryGoods, type StorySteps } from './order-story';

/**
 * The seed step of orders after the sale (issue 11): demo may ask for after-sales (AFTER-01), and demo and demo2 get
 * orders in every state with their timelines, shipments with traces and returns, so the order centre, the order
 * detail and the after-sales pages look lived-in. Times are relative to the seeding.
 *
 * Everything an order did is written at the time it did it (MSG-05, WALLET-08): a balance payment is a money-log
 * entry at its payment, the message of a shipment is dated at the shipment, a completed order's points at its
 * receipt, a refund's entry and message at the refund. This is the last step that writes the demo buyers' ledgers,
 * so it restates their running balances in time order at its end.
 */

interface SeededReturn {
  /** Index of the order's line. */
  line: number;
  number: number;
  reason: string;
  description: string;
  /** 0 requested, 4 refunded. */
  status: 0 | 4;
  ago: string;
}

interface SeededOrder {
  username: string;
  placed: string;
  status: 0 | 1 | 2 | 3 | 4;
  /** Which seeded goods (by position) and how many of each. */
  goods: [number, number][];
  /** When each step happened, before the seeding. */
  steps: StorySteps;
  carrier?: [string, string];
  /** Trace points, oldest first: [ago, text]. */
  traces?: [string, string][];
  returns?: SeededReturn[];
}

const SF = (city: string) => [
  ['6 days', `【${city}】顺丰速运已收取快件`],
  ['5 days 20 hours', `快件已到达【${city}转运中心】`],
  ['5 days 6 hours', '快件已到达【南京鼓楼营业点】'],
  ['5 days 3 hours', '快件交给派送员，正在派送中（联系电话：13912345678）'],
  ['5 days 1 hour', '快件已签收，签收人：本人，如有疑问请联系派送员'],
];

const ORDERS: SeededOrder[] = [
  {
    username: 'demo',
    placed: '12 days',
    status: 3,
    goods: [
      [0, 20],
      [1, 10],
      [2, 6],
    ],
    steps: {
      paid: '12 days',
      shipped: '11 days',
      received: '8 days',
    },
    carrier: ['顺丰速运', 'SF1402837465921'],
    traces: [
      ['11 days', '【杭州市】顺丰速运已收取快件'],
      ['10 days 18 hours', '快件已到达【杭州萧山转运中心】'],
      ['10 days 4 hours', '快件已到达【杭州西湖营业点】'],
      ['10 days 2 hours', '快件交给派送员，正在派送中（联系电话：13812345678）'],
      ['9 days 23 hours', '快件已签收，签收人：前台，如有疑问请联系派送员'],
    ],
    returns: [
      {
        line: 1,
        number: 2,
        reason: '商品破损',
        description: '外箱压损，两盒药品包装破裂',
        status: 4,
        ago: '7 days',
      },
    ],
  },
  {
    username: 'demo',
    placed: '6 days',
    status: 3,
    goods: [
      [3, 30],
      [4, 12],
    ],
    steps: {
      paid: '6 days',
      shipped: '6 days',
      received: '4 days',
    },
    carrier: ['中通快递', '78123456789012'],
    traces: [
      ['6 days', '【杭州市】中通快递 已揽收'],
      ['5 days 12 hours', '快件已到达【杭州中转部】'],
      ['5 days 2 hours', '快件正在派送中'],
      ['4 days 22 hours', '已签收，签收人凭取货码签收'],
    ],
    returns: [
      {
        line: 0,
        number: 5,
        reason: '近效期或过期',
        description: '收到的批次有效期不足6个月',
        status: 0,
        ago: '1 day',
      },
    ],
  },
  {
    username: 'demo',
    placed: '3 days',
    status: 2,
    goods: [
      [5, 10],
      [6, 4],
    ],
    steps: {
      paid: '3 days',
      shipped: '2 days',
    },
    carrier: ['京东物流', 'JDVA20938475612'],
    traces: [
      ['2 days', '您的订单已由【杭州医药仓】拣货完成，京东物流已揽收'],
      ['1 day 16 hours', '快件已到达【杭州转运中心】'],
      ['1 day 2 hours', '快件已发往【杭州西湖营业部】'],
    ],
  },
  {
    username: 'demo',
    placed: '1 day',
    status: 1,
    goods: [
      [7, 8],
      [0, 10],
    ],
    steps: { paid: '1 day' },
  },
  {
    username: 'demo',
    placed: '2 hours',
    status: 0,
    goods: [[8, 5]],
    steps: {},
  },
  {
    username: 'demo',
    placed: '9 days',
    status: 4,
    goods: [[9, 3]],
    steps: { cancelled: '9 days' },
  },
  {
    username: 'demo2',
    placed: '7 days',
    status: 3,
    goods: [
      [2, 10],
      [10, 6],
    ],
    steps: {
      paid: '7 days',
      shipped: '6 days',
      received: '5 days',
    },
    carrier: ['顺丰速运', 'SF1402837465999'],
    traces: SF('南京市').map(([ago, text]) => [ago, text] as [string, string]),
  },
  {
    username: 'demo2',
    placed: '2 days',
    status: 2,
    goods: [[11, 12]],
    steps: {
      paid: '2 days',
      shipped: '1 day',
    },
    carrier: ['邮政EMS', '1187654321098'],
    traces: [
      ['1 day', '【南京市】邮政EMS 已收寄'],
      ['18 hours', '快件离开【南京处理中心】，发往【南京鼓楼揽投部】'],
    ],
  },
  {
    username: 'demo2',
    placed: '5 hours',
    status: 1,
    goods: [
      [4, 6],
      [5, 2],
    ],
    steps: { paid: '5 hours' },
  },
];

const ADDRESS: Record<string, [string, string, string, string, string, string]> = {
  demo: ['李明', '13905710001', '浙江省', '杭州市', '西湖区', '文三路 388 号 仁心大药房'],
  demo2: ['陈静', '13951620002', '江苏省', '南京市', '鼓楼区', '中山北路 105 号 康宁社区诊所'],
};

export async function seedAfterSale(tx: Queryable): Promise<void> {
  await tx.query("UPDATE users SET is_after_sale = 1 WHERE username = 'demo'");
  const users = new Map(
    (await tx.query<{ id: number; username: string }>('SELECT id, username FROM users')).map((u) => [u.username, u.id]),
  );
  const goods = await tx.query<StoryGoods>(
    `SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE is_buy = 1 AND is_hm = 0 AND price > 0
     ORDER BY id LIMIT 12`,
  );

  for (const [index, o] of ORDERS.entries()) {
    const userId = users.get(o.username);
    if (userId === undefined) throw new Error(`seed: no user ${o.username}`);
    const lines = o.goods.map(([at, number]) => {
      const g = goods[at % goods.length];
      if (g === undefined) throw new Error('seed: the catalogue has no buyable goods');
      return { g, number };
    });
    const [consignee = '', phone = '', province = '', city = '', district = '', address = ''] =
      ADDRESS[o.username] ?? ADDRESS.demo ?? [];
    const at = (ago: string) => `now() - interval '${ago}'`;
    const order = await seedOrderStory(tx, {
      key: `seed-after-sale-${index + 1}`,
      userId,
      placed: o.placed,
      status: o.status,
      lines: lines.map(({ g, number }) => ({ goods: g, number })),
      steps: o.steps,
      payMethod: o.steps.paid === undefined ? undefined : 'balance',
      address: { consignee, phone, province, city, district, address },
      shipment:
        o.carrier === undefined
          ? undefined
          : { carrier: o.carrier[0], waybill: o.carrier[1], traces: o.traces ?? [], announce: true },
      // An unpaid order holds its stock, as a placed one does, so cancelling it gives back what it took.
      holdsStock: o.status === 0,
      awardPoints: o.status === 3,
    });
    const { sn, lineIds, goodsAmount, freight, pay } = order;

    for (const r of o.returns ?? []) {
      const line = lines[r.line];
      const lineId = lineIds[r.line];
      if (line === undefined || lineId === undefined) throw new Error('seed: a return names no line');
      const refund = refundFor(
        { goods_amount: goodsAmount, freight_amount: freight, pay_amount: pay },
        line.g.price,
        r.number,
      );
      const done = r.status === 4;
      const [ret] = await tx.query<{ id: number }>(
        `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, description, refund_amount, status,
           created_at, approved_at, received_at, refunded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${at(r.ago)},
           ${done ? `${at(r.ago)} + interval '3 hours'` : 'NULL'},
           ${done ? `${at(r.ago)} + interval '2 days'` : 'NULL'},
           ${done ? `${at(r.ago)} + interval '2 days 4 hours'` : 'NULL'})
         RETURNING id`,
        [userId, order.id, lineId, r.number, r.reason, r.description, refund, r.status],
      );
      if (ret === undefined) throw new Error('seed: the return was not written');
      const note = `${line.g.name} × ${r.number}`;
      await tx.query(
        `INSERT INTO order_events (order_id, kind, note, created_at) VALUES ($1, 'return_requested', $2, ${at(r.ago)})`,
        [order.id, note],
      );
      if (!done) continue;
      await tx.query(
        `INSERT INTO order_events (order_id, kind, created_at) VALUES
           ($1, 'return_approved', ${at(r.ago)} + interval '3 hours'),
           ($1, 'return_received', ${at(r.ago)} + interval '2 days'),
           ($1, 'refunded', ${at(r.ago)} + interval '2 days 4 hours')`,
        [order.id],
      );
      const [wallet] = await tx.query<{ balance: number }>(
        'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
        [userId, refund],
      );
      await tx.query(
        `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id, return_id, created_at)
         VALUES ($1, $2, $3, 3, $4, $5, $6, ${at(r.ago)} + interval '2 days 4 hours')`,
        [userId, refund, wallet?.balance ?? refund, `售后退款 ${sn}`, order.id, ret.id],
      );
      await postMessage(tx, userId, {
        kind: 'order',
        title: '退款已完成',
        body: `订单 ${sn} 的售后申请已退款 ¥${formatFen(refund)}，已退回您的账户余额。`,
        link: `/order/returnInfo/${ret.id}`,
        dedupeKey: `return-refunded:${ret.id}`,
      });
      await tx.query(
        `UPDATE messages SET created_at = ${at(r.ago)} + interval '2 days 4 hours' WHERE user_id = $1 AND dedupe_key = $2`,
        [userId, `return-refunded:${ret.id}`],
      );
    }
  }
  await restateLedgers(tx, ['demo', 'demo2', 'demo3']);
}
