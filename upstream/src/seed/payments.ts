import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { seededGoodsImage } from './images';
import { insertFile } from '../areas/files/store';
import { postMessage } from '../areas/messages/store';

/**
 * The seed step of bank transfers (PAY-05..PAY-07): demo has an order whose slip waits for the platform (待确认),
 * demo2 one whose slip was not accepted (with the reason) and one paid by a confirmed transfer, so the pay page,
 * the order list and the order detail show every state of a transfer. Times are relative to the seeding.
 */

interface SeededTransfer {
  username: string;
  /** Which buyable goods (by position) and how many of each. */
  goods: [number, number][];
  placed: string;
  sent: string;
  payer: string;
  outcome: 'pending' | { rejected: string; at: string } | { confirmed: string };
}

const TRANSFERS: SeededTransfer[] = [
  {
    username: 'demo',
    goods: [[3, 40]],
    placed: '1 day',
    sent: '20 hours',
    payer: '仁心大药房连锁有限公司',
    outcome: 'pending',
  },
  {
    username: 'demo2',
    goods: [
      [4, 12],
      [5, 8],
    ],
    placed: '3 days',
    sent: '3 days',
    payer: '康宁社区诊所',
    outcome: { rejected: '未查询到该笔转账，转账金额或收款账号可能有误', at: '2 days' },
  },
  {
    username: 'demo2',
    goods: [[6, 30]],
    placed: '9 days',
    sent: '9 days',
    payer: '康宁社区诊所',
    outcome: { confirmed: '8 days' },
  },
];

/** A one-page PDF saying what it is: the demo's transfer slip (a real slip is the bank's receipt). */
function demoSlip(orderSn: string, amountText: string): Uint8Array {
  const text = `Bank transfer slip (demo) - order ${orderSn} - CNY ${amountText}`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 32} >>\nstream\nBT /F1 12 Tf 24 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

export async function seedPayments(tx: Queryable): Promise<void> {
  const goods = await tx.query<{ id: number; name: string; sccj: string; ypgg: string; bzdw: string; price: number }>(
    `SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE is_buy = 1 AND is_hm = 0 AND price > 0
     ORDER BY id LIMIT 12`,
  );
  for (const [index, t] of TRANSFERS.entries()) {
    const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [t.username]);
    const [address] = await tx.query<
      Record<'consignee' | 'phone' | 'province' | 'city' | 'district' | 'address', string>
    >(
      `SELECT consignee, phone, province, city, district, address FROM addresses
       WHERE user_id = $1 ORDER BY is_default DESC, id LIMIT 1`,
      [user?.id ?? 0],
    );
    if (user === undefined || address === undefined) throw new Error(`seed: ${t.username} has no address`);
    const lines = t.goods.map(([at, number]) => {
      const g = goods[at % goods.length];
      if (g === undefined) throw new Error('seed: the catalogue has no buyable goods');
      return { g, number, total: g.price * number };
    });
    const goodsAmount = lines.reduce((sum, l) => sum + l.total, 0);
    const freight = goodsAmount >= 100000 ? 0 : 1000;
    const pay = goodsAmount + freight;
    const confirmed = typeof t.outcome === 'object' && 'confirmed' in t.outcome ? t.outcome.confirmed : null;
    const [order] = await tx.query<{ id: number; order_sn: string }>(
      `INSERT INTO orders (order_sn, user_id, status, idempotency_key, goods_amount, freight_amount, pay_amount,
         consignee, phone, province, city, district, address, pay_method, created_at, paid_at)
       VALUES ('seed:' || $1::text, $2, $3, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         now() - $14::interval, now() - $15::interval)
       RETURNING id`,
      [
        `seed-payments-${index + 1}`,
        user.id,
        confirmed === null ? 0 : 1,
        goodsAmount,
        freight,
        pay,
        address.consignee,
        address.phone,
        address.province,
        address.city,
        address.district,
        address.address,
        confirmed === null ? null : 'transfer',
        t.placed,
        confirmed,
      ],
    );
    if (order === undefined) throw new Error('seed: the order was not written');
    const [{ sn } = { sn: '' }] = await tx.query<{ sn: string }>(
      `UPDATE orders SET order_sn = to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0')
       WHERE id = $1 RETURNING order_sn AS sn`,
      [order.id],
    );
    for (const { g, number, total } of lines) {
      await tx.query(
        `INSERT INTO order_lines (order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [order.id, g.id, g.name, g.sccj, g.ypgg, g.bzdw, seededGoodsImage(g.id), number, g.price, total],
      );
      // An order holds its stock, as a placed one does.
      await tx.query('UPDATE goods SET number = GREATEST(number - $2, 0) WHERE id = $1', [g.id, number]);
    }
    const bytes = demoSlip(sn, (pay / 100).toFixed(2));
    const slip = await insertFile(tx, user.id, {
      purpose: 'transfer',
      name: `转账回单-${sn}.pdf`,
      mime: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
    });
    const status = t.outcome === 'pending' ? 'pending' : 'rejected' in t.outcome ? 'rejected' : 'confirmed';
    const decided = t.outcome === 'pending' ? null : 'rejected' in t.outcome ? t.outcome.at : t.outcome.confirmed;
    const reason = typeof t.outcome === 'object' && 'rejected' in t.outcome ? t.outcome.rejected : null;
    const [transfer] = await tx.query<{ id: number }>(
      `INSERT INTO bank_transfers (order_id, user_id, file_id, amount, payer_name, status, reject_reason, created_at,
         decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - $8::interval, now() - $9::interval) RETURNING id`,
      [order.id, user.id, slip?.id ?? 0, pay, t.payer, status, reason, t.sent, decided],
    );
    // MSG-05: the buyer was told when the platform decided, not at the seeding.
    const told = `seed:transfer:${transfer?.id ?? 0}`;
    if (status === 'confirmed') {
      await tx.query(
        "INSERT INTO payments (order_id, method, trade_no, amount, applied) VALUES ($1, 'transfer', $2, $3, true)",
        [order.id, `transfer-${transfer?.id ?? 0}`, pay],
      );
      await postMessage(tx, user.id, {
        kind: 'order',
        title: '对公转账已确认',
        body: `订单${sn}的转账已到账确认，订单已支付，我们将尽快安排发货。`,
        link: `/order/info/${order.id}`,
        dedupeKey: told,
      });
    }
    if (status === 'rejected') {
      await postMessage(tx, user.id, {
        kind: 'order',
        title: '对公转账未通过确认',
        body: `订单${sn}的转账凭证未通过确认：${reason ?? ''}。请核对后重新上传凭证或选择其他支付方式。`,
        link: `/cart/step3/${order.id}`,
        dedupeKey: told,
      });
    }
    await tx.query('UPDATE messages SET created_at = now() - $3::interval WHERE user_id = $1 AND dedupe_key = $2', [
      user.id,
      told,
      decided,
    ]);
  }
}
