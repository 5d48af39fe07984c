import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { goodsActivities } from '../src/areas/catalogue/service';
import type { Db } from '../src/db/db';
import { call, findGoods, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

type Answer = Awaited<ReturnType<typeof goodsActivities>>;

const activities = (ids: unknown[]) =>
  call<Answer>(app, 'GET', `/api/goods/activities?${ids.map((i) => `goods_ids[]=${String(i)}`).join('&')}`);

const tagged = (tag: string) =>
  findGoods(
    db,
    `g.id IN (SELECT gt.goods_id FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id WHERE t.name = '${tag}')`,
  );

describe('GET /api/goods/activities', () => {
  it('answers each goods of a page, in the order asked, in one call', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => 50 - i);
    const res = await activities(ids);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.goods_id)).toEqual(ids);
    const withActivities = res.body.data.filter((e) => e.activities.length > 0);
    expect(withActivities.length).toBeGreaterThan(0);
  });

  it('the goods labelled 满 take part in a full-reduction activity with its threshold and reduction in fen', async () => {
    const goods = await tagged('满');
    const [entry] = (await activities([goods.id])).body.data;
    const manjian = entry?.activities.find((a) => a.type === 'manjian');
    expect(manjian).toMatchObject({ type_name: '满减', status: 1 });
    expect(manjian?.name).toMatch(/^满\d+减\d+$/);
    expect(Number.isInteger(manjian?.threshold)).toBe(true);
    expect(manjian?.reduce).toBeGreaterThan(0);
    expect(Date.parse(manjian?.start_at ?? '')).toBeLessThan(Date.now());
    expect(Date.parse(manjian?.end_at ?? '')).toBeGreaterThan(Date.now());
  });

  it('a seckill has a per-goods price below the goods price, whole 10 fen; the upcoming one comes after the running one', async () => {
    const goods = await findGoods(
      db,
      'g.id IN (SELECT goods_id FROM goods_activities WHERE activity_id = 5) AND g.price >= 100',
    );
    const [price] = await db.query<{ price: number }>('SELECT price FROM goods WHERE id = $1', [goods.id]);
    const [entry] = (await activities([goods.id])).body.data;
    const seckills = entry?.activities.filter((a) => a.type === 'seckill') ?? [];
    expect(seckills.map((a) => a.status)).toEqual([1, 0]);
    expect(seckills[0]?.type_name).toBe('秒杀');
    for (const s of seckills) {
      expect(s.price).toBeLessThan(price?.price ?? 0);
      expect((s.price ?? 1) % 10).toBe(0);
    }
    expect(Date.parse(seckills[1]?.start_at ?? '')).toBeGreaterThan(Date.now());
  });

  it('exchange, gift and discount activities say what the buyer gets', async () => {
    const [exchange] = (await activities([(await tagged('换购')).id])).body.data;
    expect(exchange?.activities.find((a) => a.type === 'exchange')).toMatchObject({
      type_name: '换购',
      price: 100,
      gift_goods_name: '医用外科口罩',
    });
    const [gift] = (await activities([(await tagged('赠')).id])).body.data;
    expect(gift?.activities.find((a) => a.type === 'gift')).toMatchObject({
      type_name: '赠品',
      threshold: 10,
      gift_number: 1,
    });
    const [discount] = (await activities([(await tagged('特')).id])).body.data;
    expect(discount?.activities.find((a) => a.type === 'discount')).toMatchObject({ type_name: '折扣', discount: 95 });
  });

  it('leaves ended activities out', async () => {
    const goods = await tagged('赠');
    await db.query(
      "UPDATE activities SET start_at = now() - interval '9 days', end_at = now() - interval '1 day' WHERE id = 7",
    );
    try {
      const [entry] = (await activities([goods.id])).body.data;
      expect(entry?.activities.some((a) => a.type === 'gift')).toBe(false);
    } finally {
      await db.query("UPDATE activities SET end_at = now() + interval '30 days' WHERE id = 7");
    }
  });

  it('answers an empty list for goods without activities or unknown goods', async () => {
    const res = await activities([99999999]);
    expect(res.body.data).toEqual([{ goods_id: 99999999, activities: [] }]);
  });

  it('refuses no ids, bad ids and more than 100 ids', async () => {
    expect((await call(app, 'GET', '/api/goods/activities')).status).toBe(422);
    expect((await activities(['x'])).status).toBe(422);
    expect((await activities(Array.from({ length: 101 }, (_, i) => i + 1))).status).toBe(422);
  });
});
