import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { FacetsDto } from '../src/areas/catalogue/facets';
import type { GoodsDto } from '../src/lib/goods';
import { call, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

type Page = { total: number; data: GoodsDto[] };
type Query = Record<string, string | number | string[]>;

/** The list's parameter each facet's values go to. */
const PARAM: Record<string, string> = {
  category: 'cat',
  maker: 'maker',
  dosageForm: 'form',
  spec: 'spec',
  brand: 'brand',
  price: 'price',
  rx: 'rx',
  flag: 'flag',
};

async function facets(query: Query): Promise<FacetsDto> {
  const res = await call<FacetsDto>(app, 'GET', '/api/goods/facets', { query, arrayFormat: 'brackets' });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function listTotal(query: Query): Promise<number> {
  const res = await call<Page>(app, 'GET', '/api/goods/list', {
    query: { ...query, page_size: 1 },
    arrayFormat: 'brackets',
  });
  expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 200, message: 'success' });
  return res.body.data.total;
}

/** The query with `value` chosen in the facet: a value facet's own choices give way, a flag joins the others. */
function choosing(query: Query, key: string, value: string): Query {
  const param = PARAM[key] ?? key;
  const before = query[param];
  const kept = Array.isArray(before) ? before : [];
  return { ...query, [param]: key === 'flag' ? [...new Set([...kept, value])] : [value] };
}

/**
 * FACET-01: every value's count is the total the list answers with that value chosen (the first `each` values of
 * each facet, so the test stays quick), and the facets' total is the list's.
 */
async function expectCountsMatchList(query: Query, each = 4): Promise<FacetsDto> {
  const answer = await facets(query);
  expect(answer.total).toBe(await listTotal(query));
  for (const facet of answer.facets) {
    for (const v of facet.values.slice(0, each)) {
      expect({ facet: facet.key, value: v.value, count: await listTotal(choosing(query, facet.key, v.value)) }).toEqual(
        { facet: facet.key, value: v.value, count: v.count },
      );
    }
  }
  return answer;
}

describe('GET /api/goods/facets (FACET-01)', () => {
  it('counts each value as the goods the list leaves with it, for a keyword', async () => {
    const answer = await expectCountsMatchList({ keywords: '阿莫西林' });
    expect(answer.total).toBeGreaterThan(0);
    const form = answer.facets.find((f) => f.key === 'dosageForm');
    expect(form?.values.map((v) => v.value)).toContain('胶囊剂');
  });

  it('counts disjunctively within a facet and conjunctively across them, in a category', async () => {
    const [top] = await db.query<{ id: number }>(
      "SELECT id FROM categories WHERE kind = 'normal' AND parent_id IS NULL ORDER BY sort LIMIT 1",
    );
    const base: Query = { category_id: top?.id ?? 1 };
    const first = await facets(base);
    const makers =
      first.facets
        .find((f) => f.key === 'maker')
        ?.values.slice(0, 2)
        .map((v) => v.value) ?? [];
    expect(makers.length).toBe(2);
    const chosen: Query = { ...base, maker: makers, flag: ['stock'] };
    const answer = await expectCountsMatchList(chosen);
    const makerFacet = answer.facets.find((f) => f.key === 'maker');
    // The chosen makers are both listed and selected; their sum is the total (one maker per goods).
    const picked = makerFacet?.values.filter((v) => v.selected) ?? [];
    expect(picked.map((v) => v.value).sort()).toEqual([...makers].sort());
    expect(picked.reduce((sum, v) => sum + v.count, 0)).toBe(answer.total);
  });

  it('keeps three facets combined exact, and a zone scope', async () => {
    await expectCountsMatchList({ keywords: 'gm', rx: ['OTC_A', 'RX'], price: ['P1', 'P2', 'P3'], flag: ['yb'] }, 3);
    await expectCountsMatchList({ is_kx: 1, form: ['片剂'] }, 3);
  });

  it('answers a chosen value the other choices leave nothing of with 0, and nothing for an unknown keyword', async () => {
    const answer = await facets({ keywords: '阿莫西林', maker: ['没有这个厂家'] });
    expect(answer.total).toBe(0);
    expect(answer.facets.find((f) => f.key === 'maker')?.values).toContainEqual({
      value: '没有这个厂家',
      name: '没有这个厂家',
      count: 0,
      selected: true,
    });
    expect((await facets({ keywords: 'zzzzqqqq' })).total).toBe(0);
  });

  it('names categories, brands, price ranges and classes as the buyer reads them', async () => {
    const answer = await facets({});
    const names = (key: string) => answer.facets.find((f) => f.key === key)?.values.map((v) => v.name) ?? [];
    expect(names('rx')).toEqual(expect.arrayContaining(['处方药', '甲类OTC', '乙类OTC']));
    expect(names('price')).toContain('5-10元');
    expect(names('category').every((n) => !/^\d+$/.test(n))).toBe(true);
    expect(names('flag')).toEqual(['医保', '含麻', '冷链', '近效期', '控销', '有货']);
    const maker = answer.facets.find((f) => f.key === 'maker');
    expect(maker?.values.length).toBeLessThanOrEqual(30);
    expect(maker?.more).toBeGreaterThan(0);
  });
});

describe('hostile facet parameters (FACET-07)', () => {
  it.each([
    ['rx[]=nope', 'rx'],
    ['flag[]=__proto__', 'flag'],
    ['price[]=P9', 'price'],
    ['cat[]=0', 'cat'],
    ['cat[]=abc', 'cat'],
    ['brand[]=99999999999', 'brand'],
    [`maker[]=${'厂'.repeat(101)}`, 'maker'],
    [Array.from({ length: 21 }, (_, i) => `spec[]=s${i}`).join('&'), 'spec'],
    ['form[a]=1', 'form'],
    ['maker[]=', 'maker'],
  ])('%s is refused with 422 on the list and the facets', async (search, field) => {
    for (const path of ['/api/goods/list', '/api/goods/facets']) {
      const res = await app.inject({ method: 'GET', url: `${path}?${encodeURI(search)}` });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json<{ data: Record<string, string[]> }>().data).join()).toContain(field);
    }
  });
});

describe('goods carry their dosage form, prescription class and 医保 (FACET-02..04)', () => {
  it('answers them in the detail', async () => {
    const rows = await db.query<{ id: number; name: string }>(
      "SELECT id, name FROM goods WHERE name IN ('阿莫西林胶囊', '医用棉签', '维生素C片') ORDER BY id",
    );
    const byName = new Map<string, GoodsDto>();
    for (const r of rows) {
      const res = await call<GoodsDto>(app, 'GET', `/api/goods/detail/${r.id}`);
      byName.set(r.name, res.body.data);
    }
    expect(byName.get('阿莫西林胶囊')).toMatchObject({ dosage_form: '胶囊剂', rx_class: 'RX', is_yb: 1 });
    expect(byName.get('维生素C片')).toMatchObject({ dosage_form: '片剂', rx_class: 'OTC_B', is_yb: 0 });
    expect(byName.get('医用棉签')).toMatchObject({ dosage_form: null, rx_class: null, is_yb: 0 });
  });

  it('every medicine of the catalogue has a class, and no device or slice has one', async () => {
    // The store is shared with other files, whose goods of their own carry no dosage form: the seed's medicines are
    // the goods with one.
    const [row] = await db.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM goods g JOIN categories c ON c.id = g.category_id
       JOIN categories t ON t.id = c.parent_id
       WHERE CASE WHEN t.name IN ('医疗器械', '中药饮片') THEN g.rx_class IS NOT NULL
                  ELSE g.dosage_form IS NOT NULL AND g.rx_class IS NULL END`,
    );
    expect(row?.bad).toBe(0);
  });
});
