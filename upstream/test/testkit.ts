import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { inject } from 'vitest';
import { createApp, type CreateAppOptions } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { hashToken, newToken } from '../src/lib/auth';
import type { CodePurpose, SmsSender } from '../src/lib/sms';
import type { Envelope } from '../src/lib/http';
import { seedIfEmpty } from '../src/seed/seed';
import type { StoryAddress } from '../src/seed/order-story';

export const PUBLIC_URL = 'http://upstream.test';

export const testAppConfig: Config = {
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  publicUrl: PUBLIC_URL,
  logLevel: 'silent',
  sessionTtlSeconds: 604800,
  bodyLimitBytes: 64 * 1024,
  smsTransport: 'log',
};

// Kept on globalThis so that every test file of the worker reuses the one migrated, seeded store.
const STORE = Symbol.for('upstream.testkit.store');
type Holder = { [STORE]?: Promise<Db> };

export function testStore(): Promise<Db> {
  const holder = globalThis as Holder;
  holder[STORE] ??= (async () => {
    const url = inject('databaseUrl');
    const db = url === null ? await openPglite(undefined) : openPostgres(url, 40);
    await migrate(db);
    await seedIfEmpty(db);
    return db;
  })();
  return holder[STORE];
}

export async function testApp(
  extra: Pick<CreateAppOptions, 'onRoute' | 'paymentProviders' | 'drawRandom' | 'smsSender'> = {},
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await testStore();
  const app = createApp({ db, config: testAppConfig, ...extra });
  await app.ready();
  return { app, db };
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A form body as the gateway sends it, in bracket notation; lines by index unless told `brackets`. */
export function encodeForm(form: Record<string, unknown>, arrayFormat: 'indices' | 'brackets' = 'indices'): string {
  return qs.stringify(form, { arrayFormat, encodeValuesOnly: true });
}

/** Calls the app as the gateway does: form-encoded bodies in bracket notation, a Bearer token when given. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: {
    token?: string;
    form?: Record<string, unknown>;
    query?: Record<string, unknown>;
    /** indices: params[0][goods_id]=1 (lines); brackets: ids[]=4&ids[]=5 (id lists). Both are the contract's. */
    arrayFormat?: 'indices' | 'brackets';
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = encodeForm(options.form, options.arrayFormat);
  }
  const search = options.query === undefined ? '' : `?${qs.stringify(options.query)}`;
  const res = await app.inject({
    method,
    url: `${url}${search}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
}

export async function login(app: FastifyInstance, username = 'demo', password = 'demo1234'): Promise<string> {
  const res = await call<{ token: string }>(app, 'POST', '/api/user/login', { form: { username, password } });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export async function userId(db: Db, username: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  if (row === undefined) throw new Error(`no user ${username}`);
  return row.id;
}

export async function clearCart(db: Db, username: string): Promise<void> {
  await db.query('DELETE FROM cart_lines WHERE user_id = $1', [await userId(db, username)]);
}

/** A goods matching a condition of the seeded catalogue, by SQL over goods g. */
export async function findGoods(db: Db, where: string): Promise<{ id: number; number: number; name: string }> {
  const [row] = await db.query<{ id: number; number: number; name: string }>(
    `SELECT g.id, g.number, g.name FROM goods g WHERE ${where} ORDER BY g.id LIMIT 1`,
  );
  if (row === undefined) throw new Error(`the seed has no goods where ${where}`);
  return row;
}

/**
 * Extra buyers of demo's company, each signed in and with a default address, for tests that need many buyers at
 * once. Names are unique per call so that files and runs never collide.
 */
export async function makeBuyers(
  db: Db,
  count: number,
  balance = 0,
): Promise<{ id: number; token: string; addressId: number }[]> {
  const prefix = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const buyers: { id: number; token: string; addressId: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (company_id, username, password_hash, pay_password_hash, name, balance)
       SELECT company_id, $1, password_hash, pay_password_hash, $1, $2 FROM users WHERE username = 'demo' RETURNING id`,
      [`${prefix}_${i}`, balance],
    );
    if (user === undefined) throw new Error('could not create a buyer');
    const token = newToken();
    await db.query(
      "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
      [hashToken(token), user.id],
    );
    const [address] = await db.query<{ id: number }>(
      `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
       VALUES ($1, '测试', '13800000000', '浙江省', '杭州市', '西湖区', '测试路 1 号', 1) RETURNING id`,
      [user.id],
    );
    buyers.push({ id: user.id, token, addressId: address?.id ?? 0 });
  }
  return buyers;
}

/**
 * Signs the e-contract in force for the buyer's company through the API, as a buyer does on /dzht (CONTRACT-03). A
 * test that orders with a company of its own calls it first: an unsigned company's orders answer 459 (CONTRACT-04).
 */
export async function signContract(app: FastifyInstance, token: string, signerName = '测试员'): Promise<void> {
  const current = await call<{ version: number }>(app, 'GET', '/api/user/contract', { token });
  if (current.status !== 200) throw new Error(`no contract to sign: ${JSON.stringify(current.body)}`);
  const res = await call(app, 'POST', '/api/user/contract/sign', {
    token,
    form: { version: current.body.data.version, signer_name: signerName, agree: 1 },
  });
  if (res.status !== 200) throw new Error(`signing failed: ${JSON.stringify(res.body)}`);
}

/** A user coupon id of the buyer for a seeded coupon definition, made unused again. */
export async function freshCoupon(db: Db, username: string, couponId: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `UPDATE user_coupons SET status = 0, used_order_id = NULL, used_at = NULL
     WHERE id = (SELECT uc.id FROM user_coupons uc JOIN users u ON u.id = uc.user_id
                 WHERE u.username = $1 AND uc.coupon_id = $2 ORDER BY uc.id LIMIT 1)
     RETURNING id`,
    [username, couponId],
  );
  if (row === undefined) throw new Error(`${username} holds no coupon ${couponId}`);
  return row.id;
}

/** An SMS sender that keeps what it sends, so that tests can type the code as the buyer would. */
export interface RecordingSms extends SmsSender {
  sent: { phone: string; code: string; purpose: CodePurpose }[];
  /** The latest code sent to the phone. */
  codeFor(phone: string): string;
  /** Makes the next send fail, as an SMS gateway that is down. */
  failNext: boolean;
}

export function recordingSms(): RecordingSms {
  const sms: RecordingSms = {
    sent: [],
    failNext: false,
    sendCode: async (phone, code, purpose) => {
      if (sms.failNext) {
        sms.failNext = false;
        throw new Error('SMS gateway unavailable');
      }
      sms.sent.push({ phone, code, purpose });
    },
    codeFor: (phone) => {
      const last = sms.sent.findLast((s) => s.phone === phone);
      if (last === undefined) throw new Error(`no code was sent to ${phone}`);
      return last.code;
    },
  };
  return sms;
}

let phones = 0;
const phoneBase = Math.floor(Math.random() * 5000);

/** A mobile number no other test uses: the store is shared by every file of a run. `prefix` is 7 digits. */
export function freshPhone(prefix = '1390000'): string {
  phones += 1;
  return `${prefix}${String((phoneBase + phones) % 10000).padStart(4, '0')}`;
}

/**
 * Removes the points movements of test buyers and takes their points back from the company. Buyers made by
 * `makeBuyers` share demo's company, whose points history must still end at its points (WALLET-02): the entries
 * other buyers of the company wrote after a removed one are restated as if it had never happened. The company row
 * is updated first, so awards running meanwhile wait for this transaction and continue from the restated points.
 */
export async function forgetPoints(db: Db, userIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE companies c SET points = c.points - s.change
         FROM (SELECT company_id, sum(change)::int AS change FROM points_log WHERE user_id = ANY($1::int[])
               GROUP BY company_id) s
        WHERE c.id = s.company_id`,
      [userIds],
    );
    await tx.query(
      `UPDATE points_log l SET balance_after = l.balance_after - f.change
         FROM (SELECT later.id, sum(gone.change)::int AS change
                 FROM points_log gone
                 JOIN points_log later ON later.company_id = gone.company_id AND later.id > gone.id
                WHERE gone.user_id = ANY($1::int[]) AND NOT later.user_id = ANY($1::int[])
                GROUP BY later.id) f
        WHERE l.id = f.id`,
      [userIds],
    );
    await tx.query('DELETE FROM points_log WHERE user_id = ANY($1::int[])', [userIds]);
  });
}

/** Removes buyers made by `makeBuyers` with everything they left, their points history first (see forgetPoints). */
export async function removeBuyers(db: Db, userIds: readonly number[]): Promise<void> {
  await forgetPoints(db, userIds);
  for (const table of ['money_log', 'cart_lines', 'orders', 'sessions', 'addresses']) {
    await db.query(`DELETE FROM ${table} WHERE user_id = ANY($1::int[])`, [userIds]);
  }
  await db.query('DELETE FROM users WHERE id = ANY($1::int[])', [userIds]);
}

/** A delivery address for orders a test writes with the seed's order story (SEED-01). */
export const TEST_ADDRESS: StoryAddress = {
  consignee: '测试',
  phone: '13800000000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 1 号',
};

/** PAY-14: the seeded buyers' payment password, which makeBuyers' buyers share. */
export { DEMO_PAY_PASSWORD as PAY_PASSWORD } from '../src/seed/pay-passwords';
