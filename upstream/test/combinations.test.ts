import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { combination as combinationOf, combinationGroups } from '../src/areas/promotions/service';
import type { Db } from '../src/db/db';
import { call, testApp } from './testkit';

type Group = Awaited<ReturnType<typeof combinationGroups>>[number];
type Combination = Awaited<ReturnType<typeof combinationOf>>;

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

const groups = (type?: string) =>
  call<Group[]>(app, 'GET', '/api/combinationMzhgGroup', type === undefined ? {} : { query: { type } });
const combination = (id: unknown) => call<Combination>(app, 'GET', '/api/combinationMzhg', { query: { id } });

describe('combination full-gift (组合满赠)', () => {
  it('lists the running gift groups with their threshold, gift and goods count', async () => {
    const res = await groups();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    for (const g of res.body.data) {
      expect(g.type).toBe(1);
      expect(g.threshold).toBeGreaterThan(0);
      expect(g.gift_goods_name).toEqual(expect.any(String));
      expect(g.goods_count).toBe(8);
      expect(g.set_price).toBeNull();
    }
    expect(res.body.data.map((g) => g.threshold)).toEqual([50000, 80000, 100000]);
  });

  it('answers one group with its goods, all of one maker, and the gift goods', async () => {
    const [first] = (await groups('1')).body.data;
    if (first === undefined) throw new Error('no gift group');
    const res = await combination(first.id);
    expect(res.status).toBe(200);
    expect(res.body.data.goods).toHaveLength(first.goods_count);
    expect(new Set(res.body.data.goods.map((g) => g.sccj)).size).toBe(1);
    expect(res.body.data.gift_goods?.id).toBe(first.gift_goods_id);
    expect(res.body.data.goods.map((g) => g.id)).toContain(first.gift_goods_id);
    // The set at the goods' own prices: one of each.
    expect(res.body.data.original_price).toBe(res.body.data.goods.reduce((sum, g) => sum + g.price, 0));
  });
});

describe('combination purchase (组合购)', () => {
  it('lists bundles whose set price is the sum of number × combination price, below the goods’ own', async () => {
    const res = await groups('2');
    expect(res.body.data).toHaveLength(3);
    for (const g of res.body.data) {
      expect(g.type).toBe(2);
      expect(g.threshold).toBeNull();
      const detail = (await combination(g.id)).body.data;
      const setPrice = detail.goods.reduce((sum, x) => sum + x.combination.number * (x.combination.price ?? 0), 0);
      expect(g.set_price).toBe(setPrice);
      expect(g.original_price).toBe(detail.goods.reduce((sum, x) => sum + x.combination.number * x.price, 0));
      expect(setPrice).toBeLessThan(g.original_price);
      // Combination prices are whole 10 fen, as price lists are written.
      expect(detail.goods.map((x) => (x.combination.price ?? -1) % 10)).toEqual(detail.goods.map(() => 0));
    }
  });
});

describe('combination errors', () => {
  it('answers 404 for an unknown or ended group, 422 for a bad id or type', async () => {
    expect((await combination(99999999)).status).toBe(404);
    expect((await combination('abc')).status).toBe(422);
    expect((await groups('3')).status).toBe(422);
    const [ended] = await db.query<{ id: number }>(
      `INSERT INTO combination_groups (kind, name, describe, start_at, end_at)
       VALUES ('bundle', '已结束组合', '', now() - interval '2 days', now() - interval '1 day') RETURNING id`,
    );
    try {
      expect((await combination(ended?.id)).status).toBe(404);
      expect((await groups('2')).body.data.map((g) => g.id)).not.toContain(ended?.id);
    } finally {
      await db.query('DELETE FROM combination_groups WHERE id = $1', [ended?.id ?? 0]);
    }
  });
});
