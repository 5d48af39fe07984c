import type { Queryable } from '../db/db';
import { postMessage, type MessageKind } from '../areas/messages/store';
import { listDocuments, windowMessage } from '../areas/qualifications/service';

/**
 * The seed step of the account centre's messages, store names and WeChat binding (issue 11): demo has a fortnight
 * of messages of every kind, some unread, more than one page; demo2 a handful and a bound WeChat; demo and demo3,
 * the two stores of company 1, each have a store name. Message times are relative to the seeding.
 *
 * MSG-05: what a message says of the buyer's own data is written from that data: the account manager is the one the
 * company is assigned (the top bar's), a document's expiry is told only of a document in its last 30 days or expired
 * (QUAL-03's own message), and orders are told of by the steps that write them. The messages here are the platform's
 * notices, which name nothing of the buyer's.
 */

interface MessageSeed {
  kind: MessageKind;
  title: string;
  body: string;
  link?: string;
  /** How long before the seeding it was written, as a PostgreSQL interval. */
  ago: string;
  read: boolean;
}

const DEMO_MESSAGES: MessageSeed[] = [
  {
    kind: 'system',
    title: '欢迎使用药采通医药采购平台',
    body: '贵单位账号已开通，首次采购前请在“资质证件”中核对营业执照、药品经营许可证等证件的有效期。',
    link: '/zzzj',
    ago: '14 days',
    read: true,
  },
  {
    kind: 'promotion',
    title: '领券中心上新：满300减30元',
    body: '本周领券中心新增满300减30元、满500享95折等优惠券，数量有限，先领先得。',
    link: '/lqzx',
    ago: '13 days',
    read: true,
  },
  {
    kind: 'system',
    title: '收货地址新增成功',
    body: '新的收货地址“江南大道 1000 号 仁心大药房滨江店”已保存，下单时可直接选择。',
    link: '/addr',
    ago: '11 days',
    read: true,
  },
  {
    kind: 'promotion',
    title: '每日特价：感冒用药低至8折',
    body: '今日特价专区上架多款感冒、止咳类常用药，价格低至8折，售完即止。',
    link: '/mrtj',
    ago: '8 days',
    read: true,
  },
  {
    kind: 'system',
    title: '平台春节发货安排',
    body: '春节期间（除夕至初六）暂停发货，初七起按下单顺序陆续发出。节前请提前备货。',
    ago: '7 days',
    read: true,
  },
  {
    kind: 'promotion',
    title: '组合购专区：慢病用药组合立减',
    body: '降压、降糖常用药组合购买立减，搭配更省心。',
    link: '/zhzq',
    ago: '5 days',
    read: true,
  },
  {
    kind: 'promotion',
    title: '优惠券即将过期',
    body: '您的“满100减10元券”将在2天后过期，请尽快使用。',
    link: '/wdqb/yhq',
    // The coupon's end is two days after the seeding (the checkout step's 满100减10元券（即将过期）).
    ago: '1 hour',
    read: false,
  },
];

const DEMO2_MESSAGES: MessageSeed[] = [
  {
    kind: 'system',
    title: '欢迎使用药采通医药采购平台',
    body: '贵单位账号已开通，首次采购前请在“资质证件”中核对医疗机构执业许可证的有效期。',
    link: '/zzzj',
    ago: '9 days',
    read: true,
  },
  {
    kind: 'promotion',
    title: '诊所常备药专场',
    body: '退热、消炎、外用消毒类诊所常备药限时特价，欢迎选购。',
    link: '/mrtj',
    ago: '3 days',
    read: false,
  },
  {
    kind: 'system',
    title: '微信绑定成功',
    body: '您的账号已绑定微信，订单发货、优惠活动等消息也将推送到微信。',
    link: '/bdwx',
    ago: '2 days',
    read: false,
  },
];

const DEMO3_MESSAGES: MessageSeed[] = [
  {
    kind: 'system',
    title: '门店账号已开通',
    body: '滨江店账号已开通，可与总店共用公司资质；总店可将购物车复制到本门店。',
    link: '/ddgl',
    ago: '6 days',
    read: false,
  },
];

const STORE_NAMES: Record<string, string> = {
  demo: '仁心大药房（文三路总店）',
  demo3: '仁心大药房（滨江店）',
  demo2: '康宁社区诊所',
};

async function userIdOf(tx: Queryable, username: string): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return row?.id;
}

export async function seedMessagesAndStores(tx: Queryable): Promise<void> {
  for (const [username, storeName] of Object.entries(STORE_NAMES)) {
    await tx.query('UPDATE users SET store_name = $2 WHERE username = $1', [username, storeName]);
  }
  const inboxes: [string, MessageSeed[]][] = [
    ['demo', DEMO_MESSAGES],
    ['demo2', DEMO2_MESSAGES],
    ['demo3', DEMO3_MESSAGES],
  ];
  for (const [username, messages] of inboxes) {
    const userId = await userIdOf(tx, username);
    if (userId === undefined) continue;
    for (const [i, m] of messages.entries()) {
      const key = `seed:${username}:${i}`;
      await postMessage(tx, userId, { kind: m.kind, title: m.title, body: m.body, link: m.link, dedupeKey: key });
      await tx.query(
        `UPDATE messages SET created_at = now() - $3::interval, read_at = CASE WHEN $4::boolean THEN now() - $3::interval END
         WHERE user_id = $1 AND dedupe_key = $2`,
        [userId, key, m.ago, m.read],
      );
    }
  }
  for (const username of ['demo', 'demo2']) {
    const userId = await userIdOf(tx, username);
    if (userId === undefined) continue;
    await tellOfManager(tx, userId);
    await tellOfDocuments(tx, userId);
  }
  // demo2 bound a WeChat account before the seeding; demo has not (the binding flow starts from /bdwx).
  const demo2 = await userIdOf(tx, 'demo2');
  if (demo2 !== undefined) {
    await tx.query(
      `INSERT INTO wechat_bindings (user_id, openid, nickname, bound_at)
       VALUES ($1, 'oSeedDemo2xK3mQ7vLp9', '康宁诊所·陈静', now() - interval '2 days') ON CONFLICT DO NOTHING`,
      [demo2],
    );
    await tx.query("UPDATE users SET wechat = '康宁诊所·陈静' WHERE id = $1", [demo2]);
  }
}

/**
 * MSG-05, SHELL-04: the company's assigned manager introduced by name and phone, worded as the top bar labels them
 * (专属客服 for a dedicated one, 客户经理 otherwise); a company without one is told of none.
 */
async function tellOfManager(tx: Queryable, userId: number): Promise<void> {
  const [manager] = await tx.query<{ name: string; phone: string; is_default: number }>(
    `SELECT m.name, m.phone, m.is_default FROM users u JOIN companies c ON c.id = u.company_id
     JOIN account_managers m ON m.id = c.account_manager_id WHERE u.id = $1`,
    [userId],
  );
  if (manager === undefined) return;
  const label = manager.is_default === 0 ? '专属客服' : '客户经理';
  const key = `seed:manager:${userId}`;
  await postMessage(tx, userId, {
    kind: 'system',
    title: `您的${label}已为您服务`,
    body: `${label}${manager.name}（${manager.phone}）将负责贵单位的日常采购咨询，可在页面顶部或会员中心查看联系方式。`,
    link: '/user',
    dedupeKey: key,
  });
  await tx.query(
    `UPDATE messages SET created_at = now() - interval '4 days', read_at = now() - interval '4 days'
     WHERE user_id = $1 AND dedupe_key = $2`,
    [userId, key],
  );
}

/**
 * QUAL-03, MSG-05: the message of each document of the company in its last 30 days or expired, as sign-in would
 * write it (the same text and key, so sign-in adds none), dated when the document entered that state, though not
 * before the account's first message: it was told at the first sign-in after.
 */
async function tellOfDocuments(tx: Queryable, userId: number): Promise<void> {
  for (const d of await listDocuments(tx, userId)) {
    if (d.status === 'valid' || d.valid_to === null) continue;
    const message = windowMessage(d);
    await postMessage(tx, userId, message);
    // The window opens 30 days before the last day (QUAL-01); a document expires the day after it, at 00:00 China time.
    await tx.query(
      `UPDATE messages SET created_at = LEAST(now(), GREATEST(
         ($3::date + CASE WHEN $4 = 'expired' THEN 1 ELSE -30 END)::timestamp AT TIME ZONE 'Asia/Shanghai',
         (SELECT min(created_at) FROM messages WHERE user_id = $1)))
       WHERE user_id = $1 AND dedupe_key = $2`,
      [userId, message.dedupeKey, d.valid_to, d.status],
    );
  }
}
