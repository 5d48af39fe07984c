import { createHash, scryptSync } from 'node:crypto';
import type { Queryable } from '../db/db';
import { formatPasswordHash, SCRYPT_PARAMS } from '../lib/password';

/**
 * The second seed step (issue 3): wallets, addresses, coupons, ephedrine-type goods and a second store account of
 * demo's company. It runs after the catalogue step and is recorded apart from it, so an existing seeded store gets
 * it on its next start. Every row is fixed; only coupon validity is relative to the time of seeding, so that the
 * "nearly expired" coupon is nearly expired whenever the store is created.
 */

/** Medicines containing ephedrine-type ingredients (麻黄 or 麻黄碱): their orders need a receipt confirmation. */
export const HM_GOODS_NAMES = ['急支糖浆', '小儿肺热咳喘口服液', '复方甘草片'];

export const SECOND_STORE = { username: 'demo3', password: 'demo1234', name: '李明（滨江店）' };

interface CouponSeed {
  id: number;
  name: string;
  type: 1 | 2;
  amount: number;
  discount: number;
  min_amount: number;
  /** Validity relative to the seeding, as PostgreSQL intervals. */
  from: string;
  to: string;
}

export const SEED_COUPONS: CouponSeed[] = [
  {
    id: 1,
    name: '满300减30元券',
    type: 1,
    amount: 3000,
    discount: 100,
    min_amount: 30000,
    from: '-1 day',
    to: '30 days',
  },
  { id: 2, name: '满500享95折券', type: 2, amount: 0, discount: 95, min_amount: 50000, from: '-1 day', to: '30 days' },
  {
    id: 3,
    name: '满100减10元券（即将过期）',
    type: 1,
    amount: 1000,
    discount: 100,
    min_amount: 10000,
    from: '-20 days',
    to: '2 days',
  },
  {
    id: 4,
    name: '满5000减500元券',
    type: 1,
    amount: 50000,
    discount: 100,
    min_amount: 500000,
    from: '-1 day',
    to: '60 days',
  },
  {
    id: 5,
    name: '满200减20元券（已过期）',
    type: 1,
    amount: 2000,
    discount: 100,
    min_amount: 20000,
    from: '-40 days',
    to: '-10 days',
  },
];

/** Which coupons each buyer holds, by username. */
const HOLDINGS: Record<string, number[]> = { demo: [1, 2, 3, 4, 5], demo2: [1, 3], demo3: [1] };

const BALANCES: Record<string, number> = { demo: 5_000_000, demo2: 500_000, demo3: 100_000 };

const ADDRESSES: Record<string, [string, string, string, string, string, string, number][]> = {
  demo: [
    ['李明', '13905710001', '浙江省', '杭州市', '西湖区', '文三路 388 号 仁心大药房', 1],
    ['张伟', '0571-88776655', '浙江省', '杭州市', '滨江区', '江南大道 1000 号 仁心大药房滨江店', 0],
  ],
  demo2: [['陈静', '13951620002', '江苏省', '南京市', '鼓楼区', '中山北路 105 号 康宁社区诊所', 1]],
  demo3: [['张伟', '13905710003', '浙江省', '杭州市', '滨江区', '江南大道 1000 号 仁心大药房滨江店', 1]],
};

export async function seedCheckout(tx: Queryable): Promise<void> {
  // A salt derived from the username keeps the row reproducible; the password is public anyway.
  const salt = createHash('sha256').update(`seed:${SECOND_STORE.username}`).digest().subarray(0, 16);
  const hash = formatPasswordHash(salt, scryptSync(SECOND_STORE.password, salt, SCRYPT_PARAMS.keylen, SCRYPT_PARAMS));
  await tx.query(
    `INSERT INTO users (company_id, username, password_hash, name, phone)
     SELECT company_id, $1, $2, $3, '13905710003' FROM users WHERE username = 'demo'
     ON CONFLICT (username) DO NOTHING`,
    [SECOND_STORE.username, hash, SECOND_STORE.name],
  );
  const users = new Map(
    (await tx.query<{ id: number; username: string }>('SELECT id, username FROM users')).map((u) => [u.username, u.id]),
  );
  const idOf = (username: string) => {
    const id = users.get(username);
    if (id === undefined) throw new Error(`seed: no user ${username}`);
    return id;
  };

  await tx.query('UPDATE site_config SET freight_fee = 1000 WHERE id = 1');
  await tx.query('UPDATE goods SET is_hm = 1 WHERE name = ANY($1::text[])', [HM_GOODS_NAMES]);

  for (const [username, balance] of Object.entries(BALANCES)) {
    const [row] = await tx.query<{ balance: number }>('UPDATE users SET balance = $1 WHERE id = $2 RETURNING balance', [
      balance,
      idOf(username),
    ]);
    // WALLET-08: the recharge came first, before any order the later steps write (the earliest is 50 days old).
    await tx.query(
      `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, created_at)
       VALUES ($1, $2, $3, 1, '账户充值', now() - interval '60 days')`,
      [idOf(username), balance, row?.balance ?? balance],
    );
  }
  for (const [username, rows] of Object.entries(ADDRESSES)) {
    for (const [consignee, phone, province, city, district, address, isDefault] of rows) {
      await tx.query(
        `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [idOf(username), consignee, phone, province, city, district, address, isDefault],
      );
    }
  }
  for (const c of SEED_COUPONS) {
    await tx.query(
      `INSERT INTO coupons (id, name, type, amount, discount, min_amount, start_at, end_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + $7::interval, now() + $8::interval)`,
      [c.id, c.name, c.type, c.amount, c.discount, c.min_amount, c.from, c.to],
    );
  }
  await tx.query("SELECT setval(pg_get_serial_sequence('coupons', 'id'), (SELECT max(id) FROM coupons))");
  for (const [username, couponIds] of Object.entries(HOLDINGS)) {
    await tx.query('INSERT INTO user_coupons (user_id, coupon_id) SELECT $1, unnest($2::int[])', [
      idOf(username),
      couponIds,
    ]);
  }
}
