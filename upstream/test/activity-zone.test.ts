import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { activity } from '../src/areas/promotions/service';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { ACTIVITY_BANNERS, CENTRE_ACTIVITY_IDS, SECKILL_ACTIVITY_ID } from '../src/seed/activity-links';
import { call, login, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

type Activity = Awaited<ReturnType<typeof activity>>;
type Page = { current_page: number; per_page: number; total: number; last_page: number; data: GoodsDto[] };

const goodsOf = async (activityId: number): Promise<number[]> =>
  (
    await db.query<{ goods_id: number }>(
      'SELECT goods_id FROM goods_activities WHERE activity_id = $1 ORDER BY goods_id',
      [activityId],
    )
  ).map((r) => r.goods_id);

/** Runs `body` with activity `id` ended a day ago, then gives it back its period. */
async function whileEnded(id: number, body: () => Promise<void>): Promise<void> {
  const [period] = await db.query<{ start_at: Date; end_at: Date }>(
    'SELECT start_at, end_at FROM activities WHERE id = $1',
    [id],
  );
  await db.query(
    "UPDATE activities SET start_at = now() - interval '9 days', end_at = now() - interval '1 day' WHERE id = $1",
    [id],
  );
  try {
    await body();
  } finally {
    await db.query('UPDATE activities SET start_at = $2, end_at = $3 WHERE id = $1', [
      id,
      period?.start_at ?? null,
      period?.end_at ?? null,
    ]);
  }
}

describe('GET /api/activity/{id}', () => {
  it('answers a running full-reduction with its numbers in fen and how many goods take part', async () => {
    const res = await call<Activity>(app, 'GET', '/api/activity/1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 1,
      type: 'manjian',
      type_name: '满减',
      name: '满300减20',
      threshold: 30000,
      reduce: 2000,
      discount: null,
      price: null,
      status: 1,
      goods_count: (await goodsOf(1)).length,
    });
    expect(res.body.data.goods_count).toBeGreaterThan(20);
    expect(Date.parse(res.body.data.start_at)).toBeLessThan(Date.now());
    expect(Date.parse(res.body.data.end_at)).toBeGreaterThan(Date.now());
  });

  it('says upcoming (0) before the start and ended (2) after the end', async () => {
    expect((await call<Activity>(app, 'GET', '/api/activity/5')).body.data.status).toBe(0);
    await whileEnded(3, async () => {
      const res = await call<Activity>(app, 'GET', '/api/activity/3');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 3, type: 'discount', discount: 95, status: 2 });
    });
  });

  it('is 404 活动不存在 for an unknown or malformed id', async () => {
    for (const id of ['99999999', '0', 'abc', '99999999999']) {
      const res = await call(app, 'GET', `/api/activity/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message, id).toBe('活动不存在');
    }
  });

  it('leaves the zone routes under /api/activity/ as they were', async () => {
    expect((await call(app, 'GET', '/api/activity/everyday_price')).status).toBe(200);
    expect((await call(app, 'GET', '/api/activity/group_buy')).status).toBe(200);
  });
});

describe('GET /api/activity', () => {
  const byIds = (ids: unknown[]) =>
    call<Activity[]>(app, 'GET', `/api/activity?${ids.map((i) => `ids[]=${String(i)}`).join('&')}`);

  it('answers the activities asked for in the order asked, each once, leaving unknown ids out', async () => {
    const res = await byIds([7, 99999999, 1, 7, 4]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a) => a.id)).toEqual([7, 1, 4]);
    expect(res.body.data[0]).toMatchObject({ type: 'gift', threshold: 10, gift_number: 1, status: 1 });
    expect(res.body.data[2]?.goods_count).toBe((await goodsOf(4)).length);
  });

  it('answers an ended activity asked for by id, marked ended', async () => {
    await whileEnded(7, async () => {
      expect((await byIds([7])).body.data.map((a) => [a.id, a.status])).toEqual([[7, 2]]);
    });
  });

  it('without ids answers the running activities, the soonest to end first, then the upcoming ones', async () => {
    await whileEnded(2, async () => {
      const res = await call<Activity[]>(app, 'GET', '/api/activity');
      expect(res.status).toBe(200);
      const ids = res.body.data.map((a) => a.id);
      expect(ids).not.toContain(2);
      expect(ids).toEqual(expect.arrayContaining([1, 3, 4, 5, 6, 7]));
      // A buyer looks for what can be bought now: upcoming activities (status 0) come after every running one.
      const statuses = res.body.data.map((a) => a.status);
      expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
      const running = res.body.data.filter((a) => a.status === 1).map((a) => Date.parse(a.end_at));
      expect(running).toEqual([...running].sort((a, b) => a - b));
      expect(res.body.data.every((a) => a.status === 0 || a.status === 1)).toBe(true);
      expect(res.body.data.find((a) => a.id === 5)?.status).toBe(0);
    });
  });

  it('refuses ids that are not positive integers and more than 50 ids', async () => {
    const bad = await byIds(['x']);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('活动不存在');
    expect((await byIds([0])).status).toBe(422);
    expect((await byIds(Array.from({ length: 51 }, (_, i) => i + 1))).status).toBe(422);
  });
});

describe('GET /api/goods/list?activity_id=', () => {
  const list = (query: Record<string, unknown>) => call<Page>(app, 'GET', '/api/goods/list', { query });

  it("lists exactly the activity's goods, with the total in the same answer", async () => {
    const members = await goodsOf(4);
    const res = await list({ activity_id: 4, page_size: 100 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(members.length);
    const shown = res.body.data.data.map((g) => g.id);
    expect(shown).toHaveLength(Math.min(100, members.length));
    expect(shown.every((id) => members.includes(id))).toBe(true);
  });

  it('sorts and pages like any list: page 2 by price continues page 1', async () => {
    const first = await list({ activity_id: 1, sort: 'price_asc', page_size: 10 });
    const second = await list({ activity_id: 1, sort: 'price_asc', page_size: 10, page: 2 });
    const prices = [...first.body.data.data, ...second.body.data.data].map((g) => g.price);
    expect(prices).toHaveLength(20);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(second.body.data.current_page).toBe(2);
    expect(second.body.data.total).toBe((await goodsOf(1)).length);
  });

  it('applies together with the other filters', async () => {
    const res = await list({ activity_id: 6, yx: 1, page_size: 100 });
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM goods g JOIN goods_activities ga ON ga.goods_id = g.id
       WHERE ga.activity_id = 6 AND g.is_youx = 1`,
    );
    expect(res.body.data.total).toBe(row?.n);
    expect(res.body.data.data.every((g) => g.is_youx === 1)).toBe(true);
  });

  it('an unknown activity has no goods; a malformed one is a form error', async () => {
    expect((await list({ activity_id: 99999999 })).body.data.total).toBe(0);
    const bad = await list({ activity_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ activity_id: ['活动不存在'] });
  });
});

describe('POST /api/activity/tap (CATALOG-11)', () => {
  const today = async (id: number) =>
    (
      await db.query<{ taps: number; member_taps: number }>(
        `SELECT taps, member_taps FROM activity_taps
          WHERE activity_id = $1 AND day = (now() AT TIME ZONE 'Asia/Shanghai')::date`,
        [id],
      )
    )[0] ?? { taps: 0, member_taps: 0 };

  it('counts every tap of the day, concurrent ones too, and those of signed-in buyers apart', async () => {
    const before = await today(2);
    const token = await login(app);
    const taps = await Promise.all([
      ...Array.from({ length: 5 }, () => call<{ taps: number }>(app, 'POST', '/api/activity/tap', { form: { id: 2 } })),
      ...Array.from({ length: 3 }, () =>
        call<{ taps: number }>(app, 'POST', '/api/activity/tap', { token, form: { id: 2 } }),
      ),
    ]);
    expect(taps.map((res) => res.status)).toEqual(Array.from({ length: 8 }, () => 200));
    // Each answer is the count just after its own tap: all different, the last one the day's whole count.
    const counts = taps.map((res) => res.body.data.taps).sort((a, b) => a - b);
    expect(new Set(counts).size).toBe(8);
    expect(counts.at(-1)).toBe(before.taps + 8);
    expect(await today(2)).toEqual({ taps: before.taps + 8, member_taps: before.member_taps + 3 });
  });

  it('counts a tap on an ended activity, whose page still opens', async () => {
    await whileEnded(3, async () => {
      const before = await today(3);
      const res = await call<{ activity_id: number; taps: number }>(app, 'POST', '/api/activity/tap', {
        form: { id: 3 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ activity_id: 3, taps: before.taps + 1 });
    });
  });

  it('is 404 for an unknown activity and 422 for a malformed id, counting nothing', async () => {
    const [{ rows = 0 } = {}] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM activity_taps');
    const unknown = await call(app, 'POST', '/api/activity/tap', { form: { id: 99999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('活动不存在');
    for (const form of [{ id: 'x' }, { id: 0 }, {}]) {
      const bad = await call(app, 'POST', '/api/activity/tap', { form });
      expect(bad.status, JSON.stringify(form)).toBe(422);
    }
    const [{ rows: after = 0 } = {}] = await db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM activity_taps',
    );
    expect(after).toBe(rows);
  });
});

describe('the seed leads buyers to the activities', () => {
  it('the home carousel links the activity centre, the seckill and the activity zone', async () => {
    const res = await call<{ url: string | null; name: string }[]>(app, 'GET', '/api/focus');
    const urls = res.body.data.map((b) => b.url);
    for (const [, , , url] of ACTIVITY_BANNERS) expect(urls).toContain(url);
    expect(urls).toContain(`/Hdzx/${CENTRE_ACTIVITY_IDS.join(',')}`);
    expect(urls).toContain(`/yjh/${SECKILL_ACTIVITY_ID}`);
  });

  it('the centre gathers running activities of different kinds, each with a good number of goods', async () => {
    const res = await call<Activity[]>(
      app,
      'GET',
      `/api/activity?${CENTRE_ACTIVITY_IDS.map((i) => `ids[]=${i}`).join('&')}`,
    );
    expect(res.body.data.map((a) => a.id)).toEqual([...CENTRE_ACTIVITY_IDS]);
    expect(new Set(res.body.data.map((a) => a.type)).size).toBe(CENTRE_ACTIVITY_IDS.length);
    for (const a of res.body.data) {
      expect(a.status, a.name).toBe(1);
      expect(a.goods_count, a.name).toBeGreaterThanOrEqual(40);
    }
  });
});
