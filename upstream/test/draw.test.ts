import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { drawOnce, maskName, NEW_RECORD_LIMIT, pickByWeight } from '../src/areas/draw/service';
import { SEED_COUPONS } from '../src/seed/checkout';
import { DRAW_BANNERS, SEED_DRAWS } from '../src/seed/draws';
import { call, login, makeBuyers, PUBLIC_URL, testApp, userId } from './testkit';

interface Prize {
  id: number;
  name: string;
  remarks: string | null;
  image: string | null;
  is_prize: number;
  sold_out: number;
}
interface DrawRecord {
  id: number;
  draw_id: number;
  draw_name: string;
  prize: Prize;
  name: string;
  remarks: string | null;
  created_at: string;
}
interface Activity {
  id: number;
  name: string;
  remarks: string;
  start_at: string;
  end_at: string;
  status: number;
  prizes: Prize[];
  is_join: number | null;
  my_record: DrawRecord | null;
}
interface Win {
  username: string;
  prize_name: string;
  created_at: string;
}
interface RecordPage {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: DrawRecord[];
}

let app: FastifyInstance;
let db: Db;
/** The random source of this file's app: each test sets what the next picks answer; real randomness otherwise. */
let random: (max: number) => number = randomInt;
const asked: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp({
    drawRandom: (max) => {
      asked.push(max);
      return random(max);
    },
  }));
});
beforeEach(() => {
  random = randomInt;
  asked.length = 0;
});

const made: number[] = [];
const buyersMade: number[] = [];
// The store is shared by every file: the draws made here go (with their prizes and records), and so do the records
// this file's buyers made in the seeded draws, whose prizes' stock goes back to what it was.
const seededStock = new Map<number, number | null>();
beforeAll(async () => {
  for (const p of await db.query<{ id: number; stock: number | null }>('SELECT id, stock FROM draw_prizes')) {
    seededStock.set(p.id, p.stock);
  }
});
afterAll(async () => {
  await db.query('DELETE FROM draw_records WHERE user_id = ANY($1::int[])', [buyersMade]);
  await db.query('DELETE FROM draws WHERE id = ANY($1::int[])', [made]);
  for (const [id, stock] of seededStock) await db.query('UPDATE draw_prizes SET stock = $1 WHERE id = $2', [stock, id]);
});

async function buyers(count: number) {
  const list = await makeBuyers(db, count);
  buyersMade.push(...list.map((b) => b.id));
  return list;
}
async function buyer() {
  const [b] = await buyers(1);
  if (b === undefined) throw new Error('no buyer');
  return b;
}

interface PrizeSpec {
  name: string;
  weight: number;
  stock: number | null;
  is_prize?: 0 | 1;
  coupon_id?: number;
  remarks?: string;
}

/**
 * A draw of this file only, running unless told otherwise. It ends after the seeded running draw, so GET
 * /api/draw/simple keeps answering the seeded one. Prizes are sorted in the order given.
 */
async function makeDraw(prizes: PrizeSpec[], period: [string, string] = ['-1 day', '30 days']) {
  const [draw] = await db.query<{ id: number }>(
    `INSERT INTO draws (name, remarks, start_at, end_at)
     VALUES ('测试抽奖', '测试规则', now() + $1::interval, now() + $2::interval) RETURNING id`,
    period,
  );
  if (draw === undefined) throw new Error('could not make a draw');
  made.push(draw.id);
  const ids: number[] = [];
  for (const [sort, p] of prizes.entries()) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO draw_prizes (draw_id, name, remarks, is_prize, weight, stock, coupon_id, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [draw.id, p.name, p.remarks ?? null, p.is_prize ?? 1, p.weight, p.stock, p.coupon_id ?? null, sort],
    );
    ids.push(row?.id ?? 0);
  }
  return { id: draw.id, prizes: ids };
}

const THANKS: PrizeSpec = { name: '谢谢参与', weight: 8, stock: null, is_prize: 0 };

const stockOf = async (prizeId: number) =>
  (await db.query<{ stock: number | null }>('SELECT stock FROM draw_prizes WHERE id = $1', [prizeId]))[0]?.stock;

async function seededDraw(name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM draws WHERE name = $1', [name]);
  if (row === undefined) throw new Error(`no seeded draw ${name}`);
  return row.id;
}
const [running, ended, upcoming] = SEED_DRAWS.map((d) => d.name) as [string, string, string];

const draw = (id: number | string, token?: string) =>
  call<DrawRecord>(app, 'GET', '/api/draw', { query: { id }, ...(token === undefined ? {} : { token }) });
const activity = (id: number | string, token?: string) =>
  call<Activity>(app, 'GET', `/api/draw/${id}/activity`, token === undefined ? {} : { token });
const simple = (token?: string) =>
  call<{ id: number; name: string; is_join: number } | null>(
    app,
    'GET',
    '/api/draw/simple',
    token === undefined ? {} : { token },
  );

describe('the running draw (GET /api/draw/simple)', () => {
  it('asks a visitor to sign in', async () => {
    const res = await simple();
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('offers the seeded running draw to a buyer who has not drawn, demo included', async () => {
    const id = await seededDraw(running);
    const b = await buyer();
    const res = await simple(b.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 10000, data: { id, name: running, is_join: 0 } });
    expect((await simple(await login(app))).body.data).toEqual({ id, name: running, is_join: 0 });
  });

  it('says is_join 1 once the buyer has drawn', async () => {
    const id = await seededDraw(running);
    const b = await buyer();
    // The last entry by sort is the consolation, so the seeded prizes' stock is not touched.
    random = (max) => max - 1;
    expect((await draw(id, b.token)).body.data.prize.name).toBe('谢谢参与');
    expect((await simple(b.token)).body.data).toEqual({ id, name: running, is_join: 1 });
  });

  it('answers null when no draw runs', async () => {
    const b = await buyer();
    const moved = await db.query<{ id: number }>(
      `UPDATE draws SET start_at = start_at + interval '1000 days', end_at = end_at + interval '1000 days'
       WHERE start_at <= now() AND end_at > now() RETURNING id`,
    );
    try {
      expect(moved.length).toBeGreaterThan(0);
      const res = await simple(b.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    } finally {
      await db.query(
        `UPDATE draws SET start_at = start_at - interval '1000 days', end_at = end_at - interval '1000 days'
         WHERE id = ANY($1::int[])`,
        [moved.map((m) => m.id)],
      );
    }
  });

  it('of several running draws, answers the one ending soonest, then the lowest id', async () => {
    const b = await buyer();
    const [early, twin] = await db.query<{ id: number }>(
      `INSERT INTO draws (name, start_at, end_at)
       VALUES ('先结束', now() - interval '1 day', date_trunc('hour', now()) + interval '2 hours'),
              ('同时结束', now() - interval '1 day', date_trunc('hour', now()) + interval '2 hours')
       RETURNING id`,
    );
    made.push(early?.id ?? 0, twin?.id ?? 0);
    try {
      expect((await simple(b.token)).body.data).toEqual({ id: early?.id, name: '先结束', is_join: 0 });
    } finally {
      await db.query('DELETE FROM draws WHERE id = ANY($1::int[])', [[early?.id ?? 0, twin?.id ?? 0]]);
    }
    expect((await simple(b.token)).body.data?.name).toBe(running);
  });
});

describe('a draw by id (GET /api/draw/{id}/activity)', () => {
  it('answers 404 code 40400 for an unknown draw or an id that is not a positive integer', async () => {
    for (const id of ['99999999', 'abc', '0', '-1']) {
      const res = await activity(id);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ code: 40400, message: '抽奖活动不存在', data: null });
    }
  });

  it('answers the three seeded draws with their status, rules and prizes, the consolation last', async () => {
    const statuses = await Promise.all(
      [running, ended, upcoming].map(async (name) => (await activity(await seededDraw(name))).body.data.status),
    );
    expect(statuses).toEqual([1, 2, 0]);
    const res = await activity(await seededDraw(running));
    const data = res.body.data;
    expect(data.name).toBe(running);
    expect(data.remarks).toMatch(/每个采购账号可参与一次抽奖/);
    expect(new Date(data.start_at).getTime()).toBeLessThan(Date.now());
    expect(new Date(data.end_at).getTime()).toBeGreaterThan(Date.now() + 19 * 86400_000);
    expect(data.prizes.map((p) => p.name)).toEqual(SEED_DRAWS[0]?.prizes.map((p) => p.name));
    expect(data.prizes.at(-1)).toMatchObject({ name: '谢谢参与', is_prize: 0, image: null, remarks: null });
    expect(data.prizes.slice(0, -1).every((p) => p.is_prize === 1 && p.sold_out === 0)).toBe(true);
    // A visitor's answer does not know whether anyone joined.
    expect(data.is_join).toBeNull();
    expect(data.my_record).toBeNull();
  });

  it('gives prizes pictures the upstream serves as SVG', async () => {
    const [prize] = (await activity(await seededDraw(running))).body.data.prizes;
    expect(prize?.image).toBe(`${PUBLIC_URL}/api/images/prize/${prize?.id}.svg`);
    const res = await app.inject({ method: 'GET', url: new URL(prize?.image ?? '').pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain(prize?.name);
    expect((await app.inject({ method: 'GET', url: '/api/images/prize/99999999.svg' })).statusCode).toBe(404);
  });

  it('marks a prize whose stock is gone as sold out', async () => {
    const prizes = (await activity(await seededDraw(ended))).body.data.prizes;
    expect(prizes.map((p) => [p.name, p.sold_out])).toEqual([
      ['医用外科口罩（50只装）', 1],
      ['维生素C片 2瓶', 0],
      ['谢谢参与', 0],
    ]);
  });

  it('tells a signed-in buyer who has not drawn: is_join 0, no record', async () => {
    const b = await buyer();
    const res = await activity(await seededDraw(running), b.token);
    expect(res.body.data).toMatchObject({ is_join: 0, my_record: null });
  });
});

describe('drawing (GET /api/draw?id=)', () => {
  it('gives the prize the random source picks, takes one of its stock and answers the record', async () => {
    const coupon = SEED_COUPONS[0];
    if (coupon === undefined) throw new Error('no seeded coupon');
    const d = await makeDraw([
      { name: '测试优惠券', weight: 1, stock: 3, coupon_id: coupon.id, remarks: '自动发放' },
      { name: '测试礼品', weight: 1, stock: 2 },
      THANKS,
    ]);
    const b = await buyer();
    random = () => 0;
    const res = await draw(d.id, b.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('抽奖成功');
    expect(asked).toEqual([10]);
    expect(res.body.data).toMatchObject({
      draw_id: d.id,
      draw_name: '测试抽奖',
      name: '测试优惠券',
      remarks: '自动发放',
      prize: { id: d.prizes[0], name: '测试优惠券', remarks: '自动发放', is_prize: 1, sold_out: 0 },
    });
    expect(Date.now() - new Date(res.body.data.created_at).getTime()).toBeLessThan(60_000);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(2);
    expect(await stockOf(d.prizes[1] ?? 0)).toBe(2);
  });

  it('puts a coupon prize in the buyer’s coupons at once', async () => {
    const coupon = SEED_COUPONS[0];
    if (coupon === undefined) throw new Error('no seeded coupon');
    const d = await makeDraw([{ name: '测试优惠券', weight: 1, stock: null, coupon_id: coupon.id }, THANKS]);
    const b = await buyer();
    const coupons = async () =>
      (
        await call<{ data: { coupon_id: number; status: number }[] }>(app, 'GET', '/api/user/coupon', {
          token: b.token,
        })
      ).body.data.data;
    expect(await coupons()).toEqual([]);
    random = () => 0;
    await draw(d.id, b.token);
    expect(await coupons()).toMatchObject([{ coupon_id: coupon.id, name: coupon.name, status: 0 }]);
    // Drawing again gives nothing more.
    await draw(d.id, b.token);
    expect(await coupons()).toHaveLength(1);
  });

  it('answers a second draw with the first record unchanged, taking nothing more', async () => {
    const d = await makeDraw([{ name: '测试礼品', weight: 1, stock: 5 }, THANKS]);
    const b = await buyer();
    random = () => 0;
    const first = await draw(d.id, b.token);
    random = (max) => max - 1;
    const again = await draw(d.id, b.token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('您已参与过本次抽奖');
    expect(again.body.data).toEqual(first.body.data);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(4);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draw_records WHERE draw_id = $1 AND user_id = $2',
      [d.id, b.id],
    );
    expect(n).toBe(1);
  });

  it('picks by weight among the prizes with stock left', async () => {
    const d = await makeDraw([
      { name: '一等奖', weight: 1, stock: 1 },
      { name: '二等奖', weight: 3, stock: 1 },
      THANKS,
    ]);
    const [a, b, c] = await buyers(3);
    // 0 is the first's share, 1 to 3 the second's, 4 to 11 the consolation's.
    random = () => 3;
    expect((await draw(d.id, a?.token)).body.data.name).toBe('二等奖');
    expect(asked).toEqual([12]);
    // The second prize is gone: the shares are now 0 for the first and 1 to 8 for the consolation.
    random = () => 1;
    expect((await draw(d.id, b?.token)).body.data.name).toBe('谢谢参与');
    expect(asked).toEqual([12, 9]);
    random = () => 0;
    expect((await draw(d.id, c?.token)).body.data.name).toBe('一等奖');
    expect((await activity(d.id)).body.data.prizes.map((p) => p.sold_out)).toEqual([1, 1, 0]);
  });

  it('never picks a sold-out prize: a pick that would land on it gives the consolation', async () => {
    const d = await makeDraw([{ name: '已抽完的奖', weight: 50, stock: 0 }, THANKS]);
    const b = await buyer();
    random = () => 0;
    const res = await draw(d.id, b.token);
    expect(res.body.data.prize).toMatchObject({ name: '谢谢参与', is_prize: 0, sold_out: 0 });
    expect(asked).toEqual([THANKS.weight]);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(0);
  });

  it('refuses a draw that has not started (40021) or has ended (40022), and an unknown one (40400)', async () => {
    const b = await buyer();
    const early = await draw(await seededDraw(upcoming), b.token);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ code: 40021, message: '抽奖活动未开始', data: null });
    const late = await draw(await seededDraw(ended), b.token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code: 40022, message: '抽奖活动已结束', data: null });
    const unknown = await draw(99999999, b.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(40400);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draw_records WHERE user_id = $1',
      [b.id],
    );
    expect(n).toBe(0);
  });

  it('answers a buyer who drew before the end with the record after the end', async () => {
    const d = await makeDraw([THANKS]);
    const b = await buyer();
    const first = await draw(d.id, b.token);
    await db.query("UPDATE draws SET end_at = now() - interval '1 second' WHERE id = $1", [d.id]);
    const after = await draw(d.id, b.token);
    expect(after.status).toBe(200);
    expect(after.body.data.id).toBe(first.body.data.id);
    const other = await buyer();
    expect((await draw(d.id, other.token)).body.code).toBe(40022);
  });

  it('asks a visitor to sign in, and refuses a missing or malformed id with 422', async () => {
    const visitor = await call(app, 'GET', '/api/draw', { query: { id: await seededDraw(running) } });
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(10001);
    const b = await buyer();
    for (const query of [{}, { id: 'abc' }, { id: '1.5' }, { id: '0' }]) {
      const res = await call(app, 'GET', '/api/draw', { token: b.token, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.body.data as object)).toEqual(['id']);
    }
  });

  it('shows the buyer’s result on the draw afterwards: is_join 1 and my_record', async () => {
    const d = await makeDraw([{ name: '测试礼品', weight: 1, stock: 5, remarks: '随单配送' }, THANKS]);
    const b = await buyer();
    random = () => 0;
    const record = (await draw(d.id, b.token)).body.data;
    const res = await activity(d.id, b.token);
    expect(res.body.data.is_join).toBe(1);
    expect(res.body.data.my_record).toEqual(record);
    expect((await activity(d.id)).body.data).toMatchObject({ is_join: null, my_record: null });
  });
});

describe('the latest wins (GET /api/draw/new_record?id=)', () => {
  const wins = (id: number | string) => call<Win[]>(app, 'GET', '/api/draw/new_record', { query: { id } });

  it('lists the seeded wins of the running draw, names masked, newest first', async () => {
    const res = await wins(await seededDraw(running));
    expect(res.status).toBe(200);
    expect(res.body.data.map((w) => [w.username, w.prize_name])).toEqual([
      ['de**', '药品大礼包'],
      ['de**', '电子血压计'],
    ]);
  });

  it('lists wins only, at most 20, newest first and ties by the later record first', async () => {
    const d = await makeDraw([{ name: '奖品', weight: 1, stock: null }, THANKS]);
    const winners = await buyers(NEW_RECORD_LIMIT + 3);
    const users = await db.query<{ id: number; username: string }>(
      'SELECT id, username FROM users WHERE id = ANY($1::int[]) ORDER BY id',
      [winners.map((b) => b.id)],
    );
    // The first record is a consolation, which the list leaves out, at the same minute as the two newest wins.
    await db.query(
      `INSERT INTO draw_records (draw_id, user_id, prize_id, created_at)
       SELECT $1, u.id, CASE WHEN u.n = 1 THEN $3::int ELSE $2::int END,
         now() - make_interval(mins => (CASE WHEN u.n <= 3 THEN 1 ELSE u.n END)::int)
       FROM unnest($4::int[]) WITH ORDINALITY AS u (id, n)`,
      [d.id, d.prizes[0] ?? 0, d.prizes[1] ?? 0, users.map((u) => u.id)],
    );
    const res = await wins(d.id);
    expect(res.body.data).toHaveLength(NEW_RECORD_LIMIT);
    const expected = users.slice(1, NEW_RECORD_LIMIT + 1).map((u) => maskName(u.username));
    // users[1] and users[2] won at the same minute: the later record (users[2]) comes first.
    [expected[0], expected[1]] = [expected[1] ?? '', expected[0] ?? ''];
    expect(res.body.data.map((w) => w.username)).toEqual(expected);
    expect(res.body.data.every((w) => w.prize_name === '奖品' && /^.{2}\*\*$/u.test(w.username))).toBe(true);
  });

  it('answers 404 for an unknown draw and 422 without an id', async () => {
    expect((await wins(99999999)).body.code).toBe(40400);
    expect((await call(app, 'GET', '/api/draw/new_record')).status).toBe(422);
  });

  it('masks to the first two characters, whatever the script', () => {
    expect(maskName('demo2')).toBe('de**');
    expect(maskName('张三丰')).toBe('张三**');
    expect(maskName('a')).toBe('a**');
  });
});

describe("the buyer's records (GET /api/draw/record)", () => {
  const records = (token: string, query: Record<string, unknown> = {}) =>
    call<RecordPage>(app, 'GET', '/api/draw/record', { token, query });

  it('pages the buyer’s draws, newest first', async () => {
    const b = await buyer();
    const draws = [
      await makeDraw([{ name: '甲奖', weight: 1, stock: null }, THANKS]),
      await makeDraw([{ name: '乙奖', weight: 1, stock: null }, THANKS]),
      await makeDraw([{ name: '丙奖', weight: 1, stock: null }, THANKS]),
    ];
    random = () => 0;
    for (const d of draws) await draw(d.id, b.token);
    const first = await records(b.token, { page_size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(first.body.data.data.map((r) => r.name)).toEqual(['丙奖', '乙奖']);
    const second = await records(b.token, { page: 2, page_size: 2 });
    expect(second.body.data.data.map((r) => [r.name, r.draw_id])).toEqual([['甲奖', draws[0]?.id]]);
    expect((await records(b.token)).body.data).toMatchObject({ per_page: 10, total: 3 });
  });

  it('is empty for a buyer who never drew; 401 for a visitor; 422 for a bad page size', async () => {
    const b = await buyer();
    expect((await records(b.token)).body.data).toEqual({
      current_page: 1,
      per_page: 10,
      total: 0,
      last_page: 1,
      data: [],
    });
    expect((await call(app, 'GET', '/api/draw/record')).status).toBe(401);
    expect((await records(b.token, { page_size: 51 })).status).toBe(422);
  });
});

describe('the draw page advertisements (GET /api/draw/ads)', () => {
  it('answers the banners of slot draw, with pictures', async () => {
    const res = await call<{ id: number; image: string; url: string | null; title: string }[]>(
      app,
      'GET',
      '/api/draw/ads',
      { query: { id: await seededDraw(running) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((a) => [a.title, a.url])).toEqual(DRAW_BANNERS.map(([name, , url]) => [name, url]));
    const image = res.body.data[0]?.image ?? '';
    expect(image).toBe(`${PUBLIC_URL}/api/images/banner/${res.body.data[0]?.id}.svg`);
    expect((await app.inject({ method: 'GET', url: new URL(image).pathname })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/draw/ads', { query: { id: 'x' } })).status).toBe(422);
  });
});

describe('the seed', () => {
  it('leaves demo out of every seeded draw and gives the past wins to other buyers', async () => {
    const demo = await userId(db, 'demo');
    const rows = await db.query<{ username: string }>(
      `SELECT u.username FROM draw_records r JOIN users u ON u.id = r.user_id JOIN draws d ON d.id = r.draw_id
       WHERE d.name = ANY($1::text[]) ORDER BY u.username`,
      [SEED_DRAWS.map((d) => d.name)],
    );
    expect(rows.map((r) => r.username).filter((u) => u.startsWith('demo'))).toEqual([
      'demo2',
      'demo2',
      'demo3',
      'demo3',
    ]);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draw_records WHERE user_id = $1',
      [demo],
    );
    expect(n).toBe(0);
  });

  it('points the coupon prize at a real coupon', async () => {
    const [row] = await db.query<{ name: string }>(
      `SELECT c.name FROM draw_prizes p JOIN coupons c ON c.id = p.coupon_id JOIN draws d ON d.id = p.draw_id
       WHERE d.name = $1`,
      [running],
    );
    expect(row?.name).toBe('满300减30元券');
  });
});

describe('pickByWeight', () => {
  it('maps each value of [0, total) to the prize whose share holds it, and refuses values outside', () => {
    const prizes = [
      { id: 1, weight: 2 },
      { id: 2, weight: 1 },
      { id: 3, weight: 3 },
    ];
    const picks = [0, 1, 2, 3, 4, 5].map((n) => pickByWeight(prizes, () => n).id);
    expect(picks).toEqual([1, 1, 2, 3, 3, 3]);
    expect(() => pickByWeight(prizes, () => 6)).toThrow();
    expect(() => pickByWeight(prizes, () => -1)).toThrow();
    expect(() => pickByWeight(prizes, () => 0.5)).toThrow();
  });
});

// The rules of drawing, exercised on the service without HTTP (DRAW-06).
describe('drawOnce (the service)', () => {
  it('gives one record per buyer and draw: a repeat answers the first record, not fresh, taking no more stock', async () => {
    const d = await makeDraw([{ name: '测试礼品', weight: 1, stock: 5 }, THANKS]);
    const b = await buyer();
    const first = await drawOnce(db, () => 0, d.id, b.id);
    expect(first.fresh).toBe(true);
    const again = await drawOnce(db, () => 0, d.id, b.id);
    expect(again).toEqual({ recordId: first.recordId, fresh: false });
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(4);
  });

  it('of concurrent draws by one buyer, makes exactly one record', async () => {
    const d = await makeDraw([{ name: '测试礼品', weight: 1, stock: 5 }, THANKS]);
    const b = await buyer();
    const results = await Promise.all([1, 2, 3].map(() => drawOnce(db, () => 0, d.id, b.id)));
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(new Set(results.map((r) => r.recordId)).size).toBe(1);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(4);
  });

  it('takes a prize only while its stock lasts: the draw after the last unit gets the consolation', async () => {
    const d = await makeDraw([{ name: '测试礼品', weight: 1, stock: 1 }, THANKS]);
    const [b1, b2] = await buyers(2);
    if (b1 === undefined || b2 === undefined) throw new Error('no buyers');
    await drawOnce(db, () => 0, d.id, b1.id);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(0);
    // The sold-out prize is no longer pickable: only the consolation's weight is asked for.
    const seen: number[] = [];
    const second = await drawOnce(
      db,
      (max) => {
        seen.push(max);
        return 0;
      },
      d.id,
      b2.id,
    );
    expect(seen).toEqual([8]);
    const [row] = await db.query<{ prize_id: number }>('SELECT prize_id FROM draw_records WHERE id = $1', [
      second.recordId,
    ]);
    expect(row?.prize_id).toBe(d.prizes[1]);
    expect(await stockOf(d.prizes[0] ?? 0)).toBe(0);
  });

  it('refuses a draw not started (40021), ended (40022) or unknown (40400) with its ApiError', async () => {
    const b = await buyer();
    const soon = await makeDraw([THANKS], ['1 day', '2 days']);
    const past = await makeDraw([THANKS], ['-2 days', '-1 day']);
    await expect(drawOnce(db, () => 0, soon.id, b.id)).rejects.toMatchObject({ status: 400, code: 40021 });
    await expect(drawOnce(db, () => 0, past.id, b.id)).rejects.toMatchObject({ status: 400, code: 40022 });
    await expect(drawOnce(db, () => 0, 99999999, b.id)).rejects.toMatchObject({ status: 404, code: 40400 });
  });
});
