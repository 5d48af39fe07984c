import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { insertFile } from '../areas/files/store';
import { postMessage } from '../areas/messages/store';
import { seedOrderStory, type StoryGoods } from './order-story';

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
  const goods = await tx.query<StoryGoods>(
    `SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE is_buy = 1 AND is_hm = 0 AND price > 0
     ORDER BY id LIMIT 12`,
  );
  for (const [index, t] of TRANSFERS.entries()) {
    const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [t.username]);
    if (user === undefined) throw new Error(`seed: no user ${t.username}`);
    const confirmed = typeof t.outcome === 'object' && 'confirmed' in t.outcome ? t.outcome.confirmed : undefined;
    const { id, sn, pay } = await seedOrderStory(tx, {
      key: `seed-payments-${index + 1}`,
      userId: user.id,
      placed: t.placed,
      status: confirmed === undefined ? 0 : 1,
      lines: t.goods.map(([at, number]) => {
        const g = goods[at % goods.length];
        if (g === undefined) throw new Error('seed: the catalogue has no buyable goods');
        return { goods: g, number };
      }),
      steps: { paid: confirmed },
      payMethod: confirmed === undefined ? undefined : 'transfer',
      holdsStock: true,
    });
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
      [id, user.id, slip?.id ?? 0, pay, t.payer, status, reason, t.sent, decided],
    );
    // MSG-05: the buyer was told when the platform decided, not at the seeding.
    const told = `seed:transfer:${transfer?.id ?? 0}`;
    if (status === 'confirmed') {
      await tx.query(
        "INSERT INTO payments (order_id, method, trade_no, amount, applied) VALUES ($1, 'transfer', $2, $3, true)",
        [id, `transfer-${transfer?.id ?? 0}`, pay],
      );
      await postMessage(tx, user.id, {
        kind: 'order',
        title: '对公转账已确认',
        body: `订单${sn}的转账已到账确认，订单已支付，我们将尽快安排发货。`,
        link: `/order/info/${id}`,
        dedupeKey: told,
      });
    }
    if (status === 'rejected') {
      await postMessage(tx, user.id, {
        kind: 'order',
        title: '对公转账未通过确认',
        body: `订单${sn}的转账凭证未通过确认：${reason ?? ''}。请核对后重新上传凭证或选择其他支付方式。`,
        link: `/cart/step3/${id}`,
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
