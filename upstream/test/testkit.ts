import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { inject } from 'vitest';
import { createApp, type CreateAppOptions } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Envelope } from '../src/lib/http';
import { seedIfEmpty } from '../src/seed/seed';

export const PUBLIC_URL = 'http://upstream.test';

export const testAppConfig: Config = {
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  publicUrl: PUBLIC_URL,
  logLevel: 'silent',
  sessionTtlSeconds: 604800,
  bodyLimitBytes: 64 * 1024,
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
  extra: Pick<CreateAppOptions, 'onRoute'> = {},
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
    payload = qs.stringify(options.form, { arrayFormat: options.arrayFormat ?? 'indices', encodeValuesOnly: true });
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
