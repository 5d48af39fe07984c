import type { Queryable } from '../db/db';
import { postMessage } from '../areas/messages/store';
import { answeredMessage, repliedMessage } from '../areas/requests/service';

/**
 * The seed step of variety requests and feedback (REQ-01..REQ-06): demo and demo2 have requests in every state (one
 * listed as goods of the catalogue, one refused with the reason) and feedback with and without the platform's reply,
 * each answer with the message it wrote, so /pzqg, its detail and /yjfk look lived-in. Times are relative to the
 * seeding.
 */

interface SeededRequest {
  username: string;
  ago: string;
  /** Left out for a request that became goods of the catalogue: it names that goods. */
  variety?: { name: string; ypgg: string; sccj: string; pzwh: string };
  number: number;
  price: number | null;
  remark: string;
  answer?: { ago: string; listed: boolean; text: string };
}

const REQUESTS: SeededRequest[] = [
  {
    username: 'demo',
    ago: '31 days',
    variety: { name: '右美沙芬愈创甘油醚糖浆', ypgg: '120ml', sccj: '天津史克制药有限公司', pzwh: '' },
    number: 60,
    price: 1850,
    remark: '冬季止咳需求大，希望能供货',
    answer: { ago: '28 days', listed: false, text: '该规格已停产，厂家暂无新批次，建议选购同类止咳糖浆。' },
  },
  {
    username: 'demo',
    ago: '16 days',
    number: 100,
    price: null,
    remark: '周边社区老人常买，希望长期稳定供货',
    answer: { ago: '9 days', listed: true, text: '已与厂家签订供货协议，现货充足。' },
  },
  {
    username: 'demo',
    ago: '3 days',
    variety: { name: '注射用头孢曲松钠', ypgg: '1g*10瓶', sccj: '上海罗氏制药有限公司', pzwh: '国药准字H10983036' },
    number: 200,
    price: 2850,
    remark: '诊所常用，到货请短信通知',
  },
  {
    username: 'demo',
    ago: '20 hours',
    variety: { name: '复方甘草片', ypgg: '100片/瓶', sccj: '北京双鹤药业股份有限公司', pzwh: '' },
    number: 50,
    price: 650,
    remark: '',
  },
  {
    username: 'demo2',
    ago: '12 days',
    variety: { name: '蒙脱石散', ypgg: '3g*10袋', sccj: '博福-益普生（天津）制药有限公司', pzwh: '国药准字H20000690' },
    number: 80,
    price: 1620,
    remark: '儿科门诊用量较大',
  },
  {
    username: 'demo2',
    ago: '40 days',
    variety: { name: '医用外科口罩', ypgg: '50只/盒', sccj: '稳健医疗用品股份有限公司', pzwh: '' },
    number: 300,
    price: null,
    remark: '',
    answer: {
      ago: '38 days',
      listed: false,
      text: '该品种需医疗器械经营许可证，贵单位经营范围暂未包含，请先更新资质。',
    },
  },
];

interface SeededFeedback {
  username: string;
  ago: string;
  type: string;
  content: string;
  phone: string;
  reply?: { ago: string; text: string };
}

const FEEDBACK: SeededFeedback[] = [
  {
    username: 'demo',
    ago: '6 days',
    type: '物流配送',
    content: '上周的订单外箱有明显压痕，两瓶口服液瓶盖松动。希望加强包装，尤其是玻璃瓶装的商品。',
    phone: '13812345678',
    reply: {
      ago: '5 days',
      text: '感谢您的反馈！已要求仓库对玻璃瓶装商品加装气泡膜和护角，后续订单将按新标准打包。如需售后请在订单中申请。',
    },
  },
  {
    username: 'demo',
    ago: '1 day',
    type: '网站建议',
    content: '希望商品列表可以按效期筛选，方便我们集中采购近效期的特价品种。',
    phone: '',
  },
  {
    username: 'demo2',
    ago: '9 days',
    type: '售后服务',
    content: '退货申请提交后多久能审核？希望审核进度能有短信提醒。',
    phone: '13987654321',
    reply: { ago: '8 days', text: '退货申请一般在1个工作日内审核，审核结果会发送站内消息，短信提醒功能正在开发中。' },
  },
];

export async function seedRequests(tx: Queryable): Promise<void> {
  const users = new Map(
    (await tx.query<{ id: number; username: string }>('SELECT id, username FROM users')).map((u) => [u.username, u.id]),
  );
  // A request that was listed names goods the catalogue really has: the newest buyable ones.
  const listable = await tx.query<{ id: number; name: string; ypgg: string; sccj: string; pzwh: string | null }>(
    'SELECT id, name, ypgg, sccj, pzwh FROM goods WHERE is_buy = 1 ORDER BY id DESC LIMIT 4',
  );
  let nextListed = 0;
  for (const r of REQUESTS) {
    const userId = users.get(r.username);
    if (userId === undefined) throw new Error(`seed: no user ${r.username}`);
    const goods = r.variety === undefined ? listable[nextListed++] : undefined;
    const variety = r.variety ?? (goods && { ...goods, pzwh: goods.pzwh ?? '' });
    if (variety === undefined) throw new Error('seed: the catalogue has no buyable goods');
    const status = r.answer === undefined ? 0 : r.answer.listed ? 1 : 2;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO variety_requests (user_id, name, ypgg, sccj, pzwh, number, price, remark, status, goods_id, answer,
         created_at, answered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - $12::interval, now() - $13::interval)
       RETURNING id`,
      [
        userId,
        variety.name,
        variety.ypgg,
        variety.sccj,
        variety.pzwh,
        r.number,
        r.price,
        r.remark,
        status,
        status === 1 ? (goods?.id ?? null) : null,
        r.answer?.text ?? null,
        r.ago,
        r.answer?.ago ?? null,
      ],
    );
    if (row === undefined || r.answer === undefined) continue;
    // The message the answer wrote (REQ-03), read since.
    const message = answeredMessage(
      row.id,
      variety.name,
      r.answer.listed && goods ? { goodsId: goods.id } : null,
      r.answer.text,
    );
    await postMessage(tx, userId, message);
    await tx.query(
      `UPDATE messages SET created_at = now() - $2::interval, read_at = now() - $2::interval
       WHERE user_id = $1 AND dedupe_key = $3`,
      [userId, r.answer.ago, message.dedupeKey],
    );
  }
  for (const f of FEEDBACK) {
    const userId = users.get(f.username);
    if (userId === undefined) throw new Error(`seed: no user ${f.username}`);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO feedback (user_id, type, content, phone, reply, created_at, replied_at)
       VALUES ($1, $2, $3, $4, $5, now() - $6::interval, now() - $7::interval) RETURNING id`,
      [userId, f.type, f.content, f.phone, f.reply?.text ?? null, f.ago, f.reply?.ago ?? null],
    );
    if (row === undefined || f.reply === undefined) continue;
    const message = repliedMessage(row.id, f.type, f.reply.text);
    await postMessage(tx, userId, message);
    await tx.query(
      `UPDATE messages SET created_at = now() - $2::interval, read_at = now() - $2::interval
       WHERE user_id = $1 AND dedupe_key = $3`,
      [userId, f.reply.ago, message.dedupeKey],
    );
  }
}
