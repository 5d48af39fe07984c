import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Db } from '../src/db/db';
import { postMessage } from '../src/areas/messages/store';
import { fakeWechat, wechatLoginFor } from './fake-wechat';
import { call, login, testApp, testAppConfig, testStore, userId } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

/** A buyer with a company and an inbox of its own, so tests do not share counts with the seeded demo. */
async function freshBuyer(): Promise<{ id: number; token: string; username: string }> {
  const username = `a2_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  // A company of its own, so that demo's list of stores stays as seeded for every test file.
  const [user] = await db.query<{ id: number }>(
    `WITH co AS (INSERT INTO companies (name) VALUES ($1) RETURNING id)
     INSERT INTO users (company_id, username, password_hash, name)
     SELECT co.id, $1, u.password_hash, $1 FROM co, users u WHERE u.username = 'demo' RETURNING id`,
    [username],
  );
  if (user === undefined) throw new Error('no user');
  return { id: user.id, token: await login(app, username), username };
}

interface Unread {
  total: number;
  system: number;
  order: number;
  promotion: number;
}
interface MessagePage {
  current_page: number;
  total: number;
  last_page: number;
  data: { id: number; kind: string; title: string; is_read: number; created_at: string }[];
  unread: Unread;
}

describe('messages', () => {
  it('the seeded demo inbox is more than a page, newest first, with unread messages', async () => {
    const token = await login(app);
    const first = await call<MessagePage>(app, 'GET', '/api/user/message', { token, query: { page: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBeGreaterThan(10);
    expect(first.body.data.data).toHaveLength(10);
    // MSG-02: newest first by when each was written (the seed dates its messages at their events, MSG-05).
    const times = first.body.data.data.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.body.data.unread.total).toBeGreaterThan(0);
  });

  it('pages and filters by kind, and the unread count is the base answer’s message_count', async () => {
    const buyer = await freshBuyer();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 12; i += 1) {
        await postMessage(tx, buyer.id, { kind: i % 3 === 0 ? 'order' : 'system', title: `消息${i}`, body: '正文' });
      }
    });
    const page2 = await call<MessagePage>(app, 'GET', '/api/user/message', {
      token: buyer.token,
      query: { page: 2, page_size: 5 },
    });
    expect(page2.body.data).toMatchObject({ current_page: 2, total: 12, last_page: 3 });
    expect(page2.body.data.data.map((m) => m.title)).toEqual(['消息6', '消息5', '消息4', '消息3', '消息2']);
    const orders = await call<MessagePage>(app, 'GET', '/api/user/message', {
      token: buyer.token,
      query: { kind: 'order' },
    });
    expect(orders.body.data.total).toBe(4);
    expect(orders.body.data.data.every((m) => m.kind === 'order')).toBe(true);
    expect(orders.body.data.unread).toEqual({ total: 12, system: 8, order: 4, promotion: 0 });
    const base = await call<{ message_count: number }>(app, 'GET', '/api/user/base', { token: buyer.token });
    expect(base.body.data.message_count).toBe(12);

    const bad = await call(app, 'GET', '/api/user/message', { token: buyer.token, query: { kind: 'spam' } });
    expect(bad.status).toBe(422);
  });

  it('marks one read and then all read; the unread count drops with it', async () => {
    const buyer = await freshBuyer();
    await db.transaction(async (tx) => {
      await postMessage(tx, buyer.id, { kind: 'promotion', title: '一', body: '正文' });
      await postMessage(tx, buyer.id, { kind: 'order', title: '二', body: '正文' });
      await postMessage(tx, buyer.id, { kind: 'order', title: '三', body: '正文' });
    });
    const list = await call<MessagePage>(app, 'GET', '/api/user/message', { token: buyer.token });
    const [newest] = list.body.data.data;
    const read = await call<{ unread: Unread }>(app, 'POST', `/api/user/message/${newest?.id}/read`, {
      token: buyer.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.unread).toEqual({ total: 2, system: 0, order: 1, promotion: 1 });
    // Reading it again changes nothing.
    const again = await call<{ unread: Unread }>(app, 'POST', `/api/user/message/${newest?.id}/read`, {
      token: buyer.token,
    });
    expect(again.body.data.unread.total).toBe(2);
    const kindOnly = await call<{ marked: number; unread: Unread }>(app, 'POST', '/api/user/message/read_all', {
      token: buyer.token,
      form: { kind: 'order' },
    });
    expect(kindOnly.body.data).toEqual({ marked: 1, unread: { total: 1, system: 0, order: 0, promotion: 1 } });
    const all = await call<{ marked: number; unread: Unread }>(app, 'POST', '/api/user/message/read_all', {
      token: buyer.token,
    });
    expect(all.body.data).toEqual({ marked: 1, unread: { total: 0, system: 0, order: 0, promotion: 0 } });
    const base = await call<{ message_count: number }>(app, 'GET', '/api/user/base', { token: buyer.token });
    expect(base.body.data.message_count).toBe(0);
  });

  it('refuses another buyer’s message exactly as an unknown one, and leaves it unread', async () => {
    const demo2 = await userId(db, 'demo2');
    const [theirs] = await db.query<{ id: number }>(
      'SELECT id FROM messages WHERE user_id = $1 AND read_at IS NULL ORDER BY id LIMIT 1',
      [demo2],
    );
    const token = await login(app);
    const foreign = await call(app, 'POST', `/api/user/message/${theirs?.id}/read`, { token });
    const unknown = await call(app, 'POST', '/api/user/message/2147483000/read', { token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.message).toBe('消息不存在');
    const [still] = await db.query<{ read_at: unknown }>('SELECT read_at FROM messages WHERE id = $1', [
      theirs?.id ?? 0,
    ]);
    expect(still?.read_at).toBeNull();
  });

  it('asks for a session', async () => {
    expect((await call(app, 'GET', '/api/user/message')).status).toBe(401);
    expect((await call(app, 'POST', '/api/user/message/read_all')).status).toBe(401);
  });
});

describe('store accounts', () => {
  it('demo sees demo3 with its store name and address, and no store of another company', async () => {
    const token = await login(app);
    const res = await call<{ username: string; store_name: string; address: string }[]>(
      app,
      'GET',
      '/api/user/stores',
      {
        token,
      },
    );
    // Other files of the run add buyers to demo's company; demo2's company is another.
    expect(res.body.data).toContainEqual(
      expect.objectContaining({
        username: 'demo3',
        store_name: '仁心大药房（滨江店）',
        address: expect.stringContaining('滨江区'),
      }),
    );
    expect(res.body.data.map((s) => s.username)).not.toContain('demo2');
  });

  it('answers the buyer’s own store in the same shape', async () => {
    const token = await login(app, 'demo3');
    const res = await call<{ username: string; store_name: string }>(app, 'GET', '/api/user/store', { token });
    expect(res.body.data).toMatchObject({ username: 'demo3', store_name: '仁心大药房（滨江店）' });
  });

  it('switches to another store of the company: a new session with the login cookie, the old one ended', async () => {
    const token = await login(app);
    const demo3 = await userId(db, 'demo3');
    const res = await call<{ token: string; user: { username: string } }>(
      app,
      'POST',
      `/api/user/stores/${demo3}/switch`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe('demo3');
    expect(res.headers['set-cookie']).toBe(
      `token=${res.body.data.token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
    const base = await call<{ username: string; store_name: string | null }>(app, 'GET', '/api/user/base', {
      token: res.body.data.token,
    });
    // STORE-04: the base data says which store now orders.
    expect(base.body.data).toMatchObject({ username: 'demo3', store_name: '仁心大药房（滨江店）' });
    expect((await call(app, 'GET', '/api/user/message', { token })).status).toBe(401);
  });

  it('refuses a store of another company, itself and an unknown id alike, with no cookie and the session kept', async () => {
    const token = await login(app);
    const answers = [];
    for (const id of [await userId(db, 'demo2'), await userId(db, 'demo'), 2147483000]) {
      const res = await call(app, 'POST', `/api/user/stores/${id}/switch`, { token });
      expect(res.status).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
      answers.push(res.body);
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    const base = await call<{ username: string }>(app, 'GET', '/api/user/base', { token });
    expect(base.body.data.username).toBe('demo');
  });

  it('refuses to copy the cart to another company’s store as to an unknown one', async () => {
    const token = await login(app);
    const [line] = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1 ORDER BY id LIMIT 1', [
      await userId(db, 'demo'),
    ]);
    const ids = [line?.id ?? 1];
    const foreign = await call(app, 'POST', '/api/cart/copy', {
      token,
      form: { ids, other_user_ids: [await userId(db, 'demo2')] },
      arrayFormat: 'brackets',
    });
    const unknown = await call(app, 'POST', '/api/cart/copy', {
      token,
      form: { ids, other_user_ids: [2147483000] },
      arrayFormat: 'brackets',
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual(unknown.body);
  });
});

describe('delivery addresses: set default', () => {
  it('makes one address the only default, and refuses another buyer’s address as an unknown one', async () => {
    const buyer = await freshBuyer();
    const made = [];
    for (const consignee of ['甲', '乙']) {
      const res = await call<{ id: number }>(app, 'POST', '/api/user/address', {
        token: buyer.token,
        form: {
          consignee,
          phone: '13800000000',
          province: '浙江省',
          city: '杭州市',
          district: '西湖区',
          address: '1 号',
        },
      });
      made.push(res.body.data.id);
    }
    const res = await call<{ id: number; is_default: number }>(app, 'POST', `/api/user/address/${made[1]}/default`, {
      token: buyer.token,
    });
    expect(res.body.data).toMatchObject({ id: made[1], is_default: 1 });
    const list = await call<{ id: number; is_default: number }[]>(app, 'GET', '/api/user/address', {
      token: buyer.token,
    });
    expect(list.body.data.filter((a) => a.is_default === 1).map((a) => a.id)).toEqual([made[1]]);

    const [theirs] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1 LIMIT 1', [
      await userId(db, 'demo2'),
    ]);
    const foreign = await call(app, 'POST', `/api/user/address/${theirs?.id}/default`, { token: buyer.token });
    const unknown = await call(app, 'POST', '/api/user/address/2147483000/default', { token: buyer.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});

describe('WeChat binding', () => {
  const wechat = fakeWechat();
  let wapp: FastifyInstance;
  beforeAll(async () => {
    const apiBase = await wechat.start();
    wapp = createApp({
      db: await testStore(),
      config: {
        ...testAppConfig,
        wechatLogin: wechatLoginFor(apiBase),
      },
    });
    await wapp.ready();
  });
  afterAll(async () => {
    await wapp.close();
    await wechat.stop();
  });

  async function start(token: string): Promise<string> {
    const res = await call<{ url: string }>(wapp, 'POST', '/api/user/wechat/authorize', { token });
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: 'wxapp123',
      redirect_uri: 'https://shop.example/bdwx',
      response_type: 'code',
      scope: 'snsapi_login',
    });
    return url.searchParams.get('state') ?? '';
  }

  it('is not open unconfigured: the status says so and starting a binding is refused', async () => {
    const buyer = await freshBuyer();
    const status = await call<{ open: number; bound: number }>(app, 'GET', '/api/user/wechat', { token: buyer.token });
    expect(status.body.data).toMatchObject({ open: 0, bound: 0 });
    const res = await call(app, 'POST', '/api/user/wechat/authorize', { token: buyer.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40070, message: '微信绑定暂未开通' });
  });

  it('binds with a good code and its state, shows the nickname in base, and unbinds', async () => {
    const buyer = await freshBuyer();
    const state = await start(buyer.token);
    expect(state).toMatch(/^[\w-]{32}$/);
    const res = await call<{ bound: number; wechat: string }>(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ open: 1, bound: 1, wechat: '药店小王' });
    const base = await call<{ wechat: string | null }>(wapp, 'GET', '/api/user/base', { token: buyer.token });
    expect(base.body.data.wechat).toBe('药店小王');

    const gone = await call<{ removed: number; bound: number }>(wapp, 'DELETE', '/api/user/unbind_wechat', {
      token: buyer.token,
    });
    expect(gone.body.data).toMatchObject({ removed: 1, bound: 0, wechat: null });
    const after = await call<{ wechat: string | null }>(wapp, 'GET', '/api/user/base', { token: buyer.token });
    expect(after.body.data.wechat).toBeNull();
    const twice = await call<{ removed: number }>(wapp, 'DELETE', '/api/user/unbind_wechat', { token: buyer.token });
    expect(twice.body.data.removed).toBe(0);
  });

  it('refuses a wrong, replayed or other session’s state before asking WeChat', async () => {
    const buyer = await freshBuyer();
    const before = wechat.exchanges.length;
    const wrong = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state: 'made-up-state' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ state: ['绑定请求已失效，请重新扫码绑定'] });

    // A state started by another session of the same buyer is not this session's.
    const state = await start(buyer.token);
    const otherSession = await login(app, buyer.username);
    const stolen = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: otherSession,
      form: { code: `code-ok-${buyer.id}`, state },
    });
    expect(stolen.status).toBe(422);
    // That try used the state up: the rightful session cannot replay it either.
    const replay = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state },
    });
    expect(replay.status).toBe(422);
    expect(wechat.exchanges.length).toBe(before);

    // A good binding's state is single-use too.
    const fresh = await start(buyer.token);
    const first = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state: fresh },
    });
    expect(first.status).toBe(200);
    const again = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state: fresh },
    });
    expect(again.status).toBe(422);
  });

  it('keeps one binding in progress per session: a new start replaces the last state', async () => {
    const buyer = await freshBuyer();
    const first = await start(buyer.token);
    const second = await start(buyer.token);
    const old = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state: first },
    });
    expect(old.status).toBe(422);
    const rows = await db.query('SELECT 1 FROM wechat_states WHERE user_id = $1', [buyer.id]);
    expect(rows).toHaveLength(1);
    const res = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state: second },
    });
    expect(res.status).toBe(200);
  });

  it('refuses an expired state', async () => {
    const buyer = await freshBuyer();
    const state = await start(buyer.token);
    await db.query("UPDATE wechat_states SET expires_at = now() - interval '1 second' WHERE user_id = $1", [buyer.id]);
    const res = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: `code-ok-${buyer.id}`, state },
    });
    expect(res.status).toBe(422);
  });

  it('refuses a code WeChat refuses, and a WeChat account bound to another buyer', async () => {
    const buyer = await freshBuyer();
    const refused = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: buyer.token,
      form: { code: 'expired-code', state: await start(buyer.token) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(40072);

    const other = await freshBuyer();
    const shared = `code-ok-shared${buyer.id}`;
    expect(
      (
        await call(wapp, 'POST', '/api/user/wechat/bind', {
          token: buyer.token,
          form: { code: shared, state: await start(buyer.token) },
        })
      ).status,
    ).toBe(200);
    const taken = await call(wapp, 'POST', '/api/user/wechat/bind', {
      token: other.token,
      form: { code: shared, state: await start(other.token) },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(40071);
    const status = await call<{ bound: number }>(wapp, 'GET', '/api/user/wechat', { token: other.token });
    expect(status.body.data.bound).toBe(0);
  });
});
