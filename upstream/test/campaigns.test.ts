// Campaigns (PROMO-01..06): full-amount cashback credited once on completion, the welfare price the cart charges,
// the hub and templates, and ended or unknown campaigns answering 404.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardOrderCashback, cashbackFor } from '../src/areas/campaigns/cashback';
import { welfarePrice } from '../src/lib/campaign-prices';
import type { Db } from '../src/db/db';
import { seedOrderStory, type StoryGoods } from '../src/seed/order-story';
import { call, login, makeBuyers, removeBuyers, TEST_ADDRESS, testApp } from './testkit';

const testGoods = (id: number, price: number): StoryGoods => ({
  id,
  name: '测试',
  sccj: '测试',
  ypgg: '测试',
  bzdw: '盒',
  price,
});

let app: FastifyInstance;
let db: Db;
let demo: string;

interface Campaign {
  id: number;
  kind: string;
  title: string;
  rules: string[];
  discount: number | null;
  status: number;
  tiers: { amount: number; cashback: number }[];
  banners: { image: string; url: string | null }[];
  sections: { id: number; name: string; goods_count: number; goods: { id: number }[] }[];
  activities: { id: number; status: number }[];
}
interface CampaignGoods {
  id: number;
  price: number;
  campaign_price: number | null;
}
interface Paged<T> {
  current_page: number;
  per_page: number;
  total: number;
  data: T[];
}

const madeUsers: number[] = [];
const madeCampaigns: number[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app);
});

afterAll(async () => {
  await removeBuyers(db, madeUsers);
  await db.query('DELETE FROM campaigns WHERE id = ANY($1::int[])', [madeCampaigns]);
});

const get = <T>(url: string, query?: Record<string, unknown>, token?: string) =>
  call<T>(app, 'GET', url, { ...(query ? { query } : {}), ...(token ? { token } : {}) });

describe('full-amount cashback (PROMO-01, PROMO-02)', () => {
  it('PROMO-01: shows the running cashback with its tiers, rules and covered goods, paged', async () => {
    const res = await get<Campaign>('/api/campaign/current/cashback');
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c.kind).toBe('cashback');
    expect(c.status).toBe(1);
    expect(c.tiers.map((t) => t.amount)).toEqual([100000, 300000, 500000]);
    expect(c.rules.length).toBeGreaterThan(0);
    const page2 = await get<Paged<CampaignGoods>>(`/api/campaign/${c.id}/goods`, { page: 2, page_size: 5 });
    expect(page2.body.data.current_page).toBe(2);
    expect(page2.body.data.data).toHaveLength(5);
    const [covered] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM campaign_goods WHERE campaign_id = $1',
      [c.id],
    );
    expect(page2.body.data.total).toBe(covered?.n);
    // The cashback page sells at the goods' own price.
    expect(page2.body.data.data.every((g) => g.campaign_price === null)).toBe(true);
  });

  it('PROMO-01: the highest reached tier applies', () => {
    const tiers = [
      { amount: 100000, cashback: 3000 },
      { amount: 300000, cashback: 12000 },
    ];
    expect(cashbackFor(99999, tiers)).toBe(0);
    expect(cashbackFor(100000, tiers)).toBe(3000);
    expect(cashbackFor(450000, tiers)).toBe(12000);
  });

  it('PROMO-02: completing an order credits its cashback to the balance exactly once, with a 返现 log entry', async () => {
    const [buyer] = await makeBuyers(db, 1, 1000);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const [campaign] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE kind = 'cashback' LIMIT 1");
    const [goods] = await db.query<{ goods_id: number }>(
      'SELECT goods_id FROM campaign_goods WHERE campaign_id = $1 ORDER BY goods_id LIMIT 1',
      [campaign?.id ?? 0],
    );
    if (goods === undefined) throw new Error('the cashback covers no goods');
    // A shipped order of 3200 yuan of covered goods: the 3000 tier, 120 yuan back.
    const order = await seedOrderStory(db, {
      key: `cb-${buyer.id}`,
      userId: buyer.id,
      placed: '3 days',
      status: 2,
      lines: [{ goods: testGoods(goods.goods_id, 10000), number: 32 }],
      steps: { paid: '3 days', shipped: '2 days' },
      payMethod: 'alipay',
      freight: 1500,
      address: TEST_ADDRESS,
      shipment: { carrier: '顺丰速运', waybill: 'SF0000000001', traces: [] },
    });
    const received = await call(app, 'POST', `/api/order/${order.id}/receive`, { token: buyer.token });
    expect(received.status).toBe(200);
    // A retried and concurrent award later changes nothing.
    await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((tx) => awardOrderCashback(tx, buyer.id, order.id))),
    );
    const log = await db.query<{ amount: number; balance_after: number; use_type: number; remark: string }>(
      'SELECT amount, balance_after, use_type, remark FROM money_log WHERE order_id = $1 AND use_type = 4',
      [order.id],
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ amount: 12000, balance_after: 13000, use_type: 4 });
    expect(log[0]?.remark).toContain('返现');
    const [user] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.id]);
    expect(user?.balance).toBe(13000);
    // The buyer's money log lists it, and filters by its type.
    const listed = await get<Paged<{ use_type: number; amount: number }>>(
      '/api/user/user_money_log',
      { use_type: 4 },
      buyer.token,
    );
    expect(listed.body.data.data).toEqual([expect.objectContaining({ use_type: 4, amount: 12000 })]);
  });

  it('PROMO-02: an order below every tier, or another buyer completing it, credits nothing', async () => {
    const [buyer] = await makeBuyers(db, 1, 0);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const [covered] = await db.query<{ goods_id: number }>(
      "SELECT cg.goods_id FROM campaign_goods cg JOIN campaigns c ON c.id = cg.campaign_id WHERE c.kind = 'cashback' LIMIT 1",
    );
    if (covered === undefined) throw new Error('no covered goods');
    const order = await seedOrderStory(db, {
      key: `cb-small-${buyer.id}`,
      userId: buyer.id,
      placed: '5 days',
      status: 3,
      lines: [{ goods: testGoods(covered.goods_id, 10000), number: 5 }],
      steps: { paid: '5 days', shipped: '4 days', received: '2 days' },
      payMethod: 'alipay',
      freight: 0,
      address: TEST_ADDRESS,
      shipment: { carrier: '顺丰速运', waybill: 'SF0000000002', traces: [] },
    });
    expect(await db.transaction((tx) => awardOrderCashback(tx, buyer.id, order.id))).toBe(0);
    const [demoUser] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo2'");
    expect(await db.transaction((tx) => awardOrderCashback(tx, demoUser?.id ?? 0, order.id))).toBe(0);
    const [n] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM money_log WHERE order_id = $1 AND use_type = 4',
      [order.id],
    );
    expect(n?.n).toBe(0);
  });
});

describe('welfare sale (PROMO-03)', () => {
  it('PROMO-03: lists goods at 94% of their price, floored to the fen', async () => {
    const current = await get<Campaign>('/api/campaign/current/welfare');
    expect(current.body.data.discount).toBe(94);
    const res = await get<Paged<CampaignGoods>>(`/api/campaign/${current.body.data.id}/goods`, { page_size: 50 });
    expect(res.body.data.data.length).toBeGreaterThan(0);
    for (const g of res.body.data.data) expect(g.campaign_price).toBe(Math.floor((g.price * 94) / 100));
    expect(welfarePrice(1999, 94)).toBe(1879);
    expect(welfarePrice(1, 94)).toBe(0);
  });

  it('PROMO-03: the cart charges the welfare price for a line naming the campaign, and the own price otherwise', async () => {
    const [buyer] = await makeBuyers(db, 1, 0);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const current = await get<Campaign>('/api/campaign/current/welfare');
    const welfareId = current.body.data.id;
    const [offer] = await db.query<{ goods_id: number; price: number }>(
      `SELECT g.id AS goods_id, g.price FROM campaign_goods cg JOIN goods g ON g.id = cg.goods_id
       WHERE cg.campaign_id = $1 AND g.is_buy = 1 AND g.number >= 20 AND g.price % 50 <> 0 ORDER BY g.id LIMIT 1`,
      [welfareId],
    );
    const [outside] = await db.query<{ goods_id: number; price: number }>(
      `SELECT g.id AS goods_id, g.price FROM goods g WHERE g.is_buy = 1 AND g.number >= 20
       AND NOT EXISTS (SELECT 1 FROM campaign_goods cg WHERE cg.campaign_id = $1 AND cg.goods_id = g.id)
       AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id) ORDER BY g.id LIMIT 1`,
      [welfareId],
    );
    if (offer === undefined || outside === undefined) throw new Error('seed lacks goods for the welfare test');
    const add = await call(app, 'POST', '/api/cart', {
      token: buyer.token,
      form: {
        params: [
          { goods_id: offer.goods_id, number: 3, goods_price_id: welfareId },
          { goods_id: outside.goods_id, number: 2, goods_price_id: welfareId },
        ],
      },
    });
    expect(add.status).toBe(200);
    const list = await get<{ data: { goods: { id: number }; price: number; total: number; raw_price: number }[] }>(
      '/api/cart/list',
      { filters: 99999, new: 1 },
      buyer.token,
    );
    const line = list.body.data.data.find((l) => l.goods.id === offer.goods_id);
    const expected = Math.floor((offer.price * 94) / 100);
    expect(line).toMatchObject({ price: expected, total: expected * 3, raw_price: offer.price });
    const other = list.body.data.data.find((l) => l.goods.id === outside.goods_id);
    expect(other).toMatchObject({ price: outside.price, total: outside.price * 2 });
  });
});

describe('hub and templates (PROMO-04, PROMO-05)', () => {
  it('PROMO-04: the hub answers its banners, featured running activities and sections; its list filters by section', async () => {
    const res = await get<Campaign>('/api/campaign/current/hub');
    const hub = res.body.data;
    expect(hub.banners.length).toBeGreaterThan(0);
    expect(hub.activities.length).toBeGreaterThan(0);
    expect(hub.activities.every((a) => a.status !== 2)).toBe(true);
    const [section] = hub.sections;
    if (section === undefined) throw new Error('the hub has no sections');
    expect(section.goods.length).toBeGreaterThan(0);
    const list = await get<Paged<CampaignGoods>>(`/api/campaign/${hub.id}/goods`, { section_id: section.id });
    expect(list.body.data.total).toBe(section.goods_count);
    const ids = new Set(list.body.data.data.map((g) => g.id));
    expect(section.goods.every((g) => ids.has(g.id))).toBe(true);
  });

  it('PROMO-05: a template by id answers its sections of goods; unknown, malformed or ended is 404', async () => {
    const [zone] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE kind = 'zone_template' LIMIT 1");
    const found = await get<Campaign>(`/api/campaign/${zone?.id}`);
    expect(found.status).toBe(200);
    expect(found.body.data.kind).toBe('zone_template');
    expect(found.body.data.sections.length).toBe(2);
    expect(found.body.data.banners).toHaveLength(1);

    expect((await get('/api/campaign/99999999')).status).toBe(404);
    expect((await get('/api/campaign/abc')).status).toBe(404);
    const [ended] = await db.query<{ id: number }>(
      `INSERT INTO campaigns (kind, title, start_at, end_at)
       VALUES ('activity_template', '已结束的模板', now() - interval '10 days', now() - interval '1 day') RETURNING id`,
    );
    madeCampaigns.push(ended?.id ?? 0);
    const gone = await get(`/api/campaign/${ended?.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('活动不存在或已结束');
    expect((await get(`/api/campaign/${ended?.id}/goods`)).status).toBe(404);
    expect((await get('/api/campaign/current/nothing')).status).toBe(422);
  });
});

it('answers the same to a signed-in buyer and a visitor (public pages)', async () => {
  const visitor = await get<Campaign>('/api/campaign/current/welfare');
  const member = await get<Campaign>('/api/campaign/current/welfare', undefined, demo);
  expect(member.body.data.id).toBe(visitor.body.data.id);
});
