import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { inject } from 'vitest';
import { createApp, type CreateAppOptions } from '../src/app';
import { paymentsOf, type Config, type PaymentsConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { hashToken, newToken } from '../src/lib/auth';
import type { CodePurpose, SmsSender } from '../src/lib/sms';
import type { Envelope } from '../src/lib/http';
import { seedIfEmpty } from '../src/seed/seed';
import { seedOrderStory, type StoryAddress, type StoryGoods, type StoryOrder } from '../src/seed/order-story';
import { openSeededPglite } from './seeded-store';

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
    const db = url === null ? await openSeededPglite(inject('pgliteSnapshot')) : openPostgres(url, 40);
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

/**
 * An app over the shared store that takes the operator's calls under `adminToken` (x-admin-token); the rest of its
 * payments settings are the test configuration's defaults unless `payments` gives them.
 */
export async function adminApp(
  db: Db,
  adminToken: string,
  payments: Partial<Omit<PaymentsConfig, 'adminToken'>> = {},
): Promise<FastifyInstance> {
  const app = createApp({
    db,
    config: { ...testAppConfig, payments: { ...paymentsOf(testAppConfig), ...payments, adminToken } },
  });
  await app.ready();
  return app;
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

/** Orders the buyer's cart lines `cartIds` to its address as checkout does, with a fresh idempotency key. */
export function orderCart<T = unknown>(
  app: FastifyInstance,
  buyer: { token: string; addressId: number },
  cartIds: readonly number[],
  form: Record<string, unknown> = {},
): Promise<Answer<T>> {
  return call<T>(app, 'POST', '/api/order', {
    token: buyer.token,
    form: { cart_ids: cartIds, address_id: buyer.addressId, idempotency_key: newToken(), ...form },
    arrayFormat: 'brackets',
  });
}

/** A file for `multipart`; its type is application/octet-stream unless given. */
export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: the fields in their order, then the file. */
export function multipart(fields: Record<string, string>, file?: UploadFile) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a `multipart` body as the gateway passes an upload on, with the buyer's Bearer token. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: UploadFile,
) {
  const { payload, contentType } = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
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
 * A buyer made from demo's row: demo's sign-in password and, unless `payPassword` is false, payment password; in
 * demo's company unless `companyId` says another. Answers its id.
 */
export async function insertBuyer(
  db: Db,
  username: string,
  options: { companyId?: number; name?: string; balance?: number; payPassword?: boolean } = {},
): Promise<number> {
  const payPassword = options.payPassword === false ? 'NULL' : 'pay_password_hash';
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (company_id, username, password_hash, pay_password_hash, name, balance)
     SELECT COALESCE($2::int, company_id), $1, password_hash, ${payPassword}, $3, $4 FROM users
     WHERE username = 'demo' RETURNING id`,
    [username, options.companyId ?? null, options.name ?? username, options.balance ?? 0],
  );
  if (user === undefined) throw new Error(`could not create the buyer ${username}`);
  return user.id;
}

/** Signs the user in for an hour without a password; answers the session's token. */
export async function sessionFor(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    hashToken(token),
    userId,
  ]);
  return token;
}

/** Gives the user a default address in 浙江省杭州市西湖区 for `to`; answers its id. */
export async function defaultAddress(
  db: Db,
  userId: number,
  to: { consignee: string; phone: string; address: string } = {
    consignee: '测试',
    phone: '13800000000',
    address: '测试路 1 号',
  },
): Promise<number> {
  const [address] = await db.query<{ id: number }>(
    `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
     VALUES ($1, $2, $3, '浙江省', '杭州市', '西湖区', $4, 1) RETURNING id`,
    [userId, to.consignee, to.phone, to.address],
  );
  return address?.id ?? 0;
}

/** A buyer made by `makeBuyers`: signed in and with a default address. */
export interface TestBuyer {
  id: number;
  token: string;
  addressId: number;
}

/**
 * Extra buyers of demo's company, each signed in and with a default address, for tests that need many buyers at
 * once. Names are unique per call so that files and runs never collide.
 */
export async function makeBuyers(db: Db, count: number, balance = 0): Promise<TestBuyer[]> {
  const prefix = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const buyers: TestBuyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await insertBuyer(db, `${prefix}_${i}`, { balance });
    buyers.push({ id, token: await sessionFor(db, id), addressId: await defaultAddress(db, id) });
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

/** Removes goods a test made and everything ordered of them. */
export async function removeGoods(db: Db, goodsIds: readonly number[]): Promise<void> {
  if (goodsIds.length === 0) return;
  const orders = (
    await db.query<{ id: number }>('SELECT DISTINCT order_id AS id FROM order_lines WHERE goods_id = ANY($1::int[])', [
      goodsIds,
    ])
  ).map((o) => o.id);
  await db.query('DELETE FROM money_log WHERE order_id = ANY($1::int[])', [orders]);
  await db.query('UPDATE user_coupons SET used_order_id = NULL WHERE used_order_id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM returns WHERE order_id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM cart_lines WHERE goods_id = ANY($1::int[])', [goodsIds]);
  await db.query('DELETE FROM goods WHERE id = ANY($1::int[])', [goodsIds]);
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

let unpaidOrders = 0;
/**
 * An unpaid order of the buyer for one unit of the first plain goods at `payAmount` fen, without freight; to the
 * buyer's default address unless `address` says another. Its key is unique per process and call, as files share the
 * store on PostgreSQL.
 */
export async function unpaidOrder(
  db: Db,
  userId: number,
  payAmount: number,
  address?: StoryAddress,
): Promise<StoryOrder> {
  unpaidOrders += 1;
  const [goods] = await db.query<StoryGoods>(
    'SELECT id, name, sccj, ypgg, bzdw, price FROM goods WHERE is_hm = 0 ORDER BY id LIMIT 1',
  );
  if (goods === undefined) throw new Error('no goods');
  return seedOrderStory(db, {
    key: `unpaid-${process.pid}-${Date.now()}-${unpaidOrders}`,
    userId,
    placed: '1 minute',
    status: 0,
    lines: [{ goods: { ...goods, price: payAmount }, number: 1 }],
    freight: 0,
    address,
  });
}

/** PAY-14: the seeded buyers' payment password, which makeBuyers' buyers share. */
export { DEMO_PAY_PASSWORD as PAY_PASSWORD } from '../src/seed/pay-passwords';
