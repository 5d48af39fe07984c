import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { activity, goods, page } from '../../testkit/fixtures';
import type { Schemas } from '../../rest/client';

const { upstream, gw } = useGatewayOnFakeUpstream();

/** An activity by itself as GET /api/activity answers it: no per-goods price, with its goods count. */
function activityDetail(overrides: Partial<Schemas['ActivityDetail']> = {}): Schemas['ActivityDetail'] {
  return {
    ...activity({ start_at: '2026-11-15T02:00:00.000Z', end_at: '2026-12-22T02:00:00.000Z' }),
    price: null,
    goods_count: 78,
    ...overrides,
  };
}

const FIELDS =
  'id type typeName title description thresholdAmount { fen amount } reduction { fen } running status goodsCount';

/** Answers GET /api/activity with the activities of `known` among the ids asked, in the order asked. */
function serveActivityList(known: Schemas['ActivityDetail'][]): void {
  upstream.on('GET', '/api/activity', (seen, res) => {
    const asked = seen.query['ids'];
    const ids = Array.isArray(asked) ? asked.map(String) : [];
    const data = ids.length === 0 ? known : ids.flatMap((id) => known.filter((a) => String(a.id) === id));
    send(res, 200, { code: 10000, message: 'success', data });
  });
}

describe('one activity by itself (/yjh/{id})', () => {
  it('maps the activity with its status and goods count from one upstream call', async () => {
    upstream.ok('GET', '/api/activity/1', activityDetail());
    const { body } = await gw.gql(`{ activity(id: "1") { ${FIELDS} price { fen } } }`);
    expect(body).toEqual({
      data: {
        activity: {
          id: '1',
          type: 'FULL_REDUCTION',
          typeName: '满减',
          title: '满300减20',
          description: '本品满300元立减20元',
          thresholdAmount: { fen: 30000, amount: '300.00' },
          reduction: { fen: 2000 },
          running: true,
          status: 'RUNNING',
          goodsCount: 78,
          price: null,
        },
      },
    });
    expect(upstream.seen.map((s) => s.path)).toEqual(['/api/activity/1']);
  });

  it('an ended activity is ENDED and not running; an upcoming one is UPCOMING', async () => {
    serveActivityList([activityDetail({ id: 3, status: 2 }), activityDetail({ id: 5, status: 0 })]);
    const { body } = await gw.gql(
      '{ ended: activity(id: "3") { status running } upcoming: activity(id: "5") { status running } }',
    );
    expect(body.data).toEqual({
      ended: { status: 'ENDED', running: false },
      upcoming: { status: 'UPCOMING', running: false },
    });
    // Two activities named in one operation are one list call.
    expect(upstream.seen.map((s) => [s.path, s.query])).toEqual([['/api/activity', { ids: ['3', '5'] }]]);
  });

  it('an unknown activity is null, not an error; a malformed id is null without asking', async () => {
    upstream.fail('GET', '/api/activity/77', 404, { code: 404, message: '活动不存在' });
    expect(await gw.gql('{ activity(id: "77") { id } }').then((a) => a.body)).toEqual({ data: { activity: null } });
    expect(await gw.gql('{ activity(id: "abc") { id } }').then((a) => a.body)).toEqual({ data: { activity: null } });
    expect(upstream.seen.map((s) => s.path)).toEqual(['/api/activity/77']);
  });

  it('an activity whose status the gateway does not know is a broken answer', async () => {
    upstream.ok('GET', '/api/activity/1', { ...activityDetail(), status: 9 });
    const { body } = await gw.gql('{ activity(id: "1") { status } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('the activity page costs one call for the activity plus the usual list calls', async () => {
    upstream.ok(
      'GET',
      '/api/activity/4',
      activityDetail({ id: 4, type: 'seckill', type_name: '秒杀', name: '整点秒杀', goods_count: 2 }),
    );
    upstream.ok('GET', '/api/goods/list', page([goods({ id: 11 }), goods({ id: 12 })], { total: 2 }));
    upstream.ok('GET', '/api/goods/activities', [
      {
        goods_id: 11,
        activities: [{ ...activityDetail({ id: 4, type: 'seckill' }), price: 990, goods_count: undefined }],
      },
      { goods_id: 12, activities: [] },
    ]);
    const { body } = await gw.gql(
      `query ($id: ID!) {
        activity(id: $id) { title status goodsCount }
        goodsList(filter: { activityId: $id }, sort: PRICE_ASC) {
          total
          items { id activities { id price { fen } status goodsCount } }
        }
      }`,
      { id: '4' },
    );
    expect(body).toEqual({
      data: {
        activity: { title: '整点秒杀', status: 'RUNNING', goodsCount: 2 },
        goodsList: {
          total: 2,
          items: [
            { id: '11', activities: [{ id: '4', price: { fen: 990 }, status: 'RUNNING', goodsCount: null }] },
            { id: '12', activities: [] },
          ],
        },
      },
    });
    expect(upstream.seen.map((s) => s.path).sort()).toEqual([
      '/api/activity/4',
      '/api/goods/activities',
      '/api/goods/list',
    ]);
    expect(upstream.query('GET', '/api/goods/list')).toEqual({
      type: '1',
      activity_id: '4',
      page: '1',
      page_size: '20',
      sort: 'price_asc',
    });
  });
});

describe('activities by themselves (/Hdzx/{ids}, /yjh)', () => {
  it('answers the ids asked in order, each once, unknown ones left out, in one upstream call', async () => {
    serveActivityList([activityDetail({ id: 1 }), activityDetail({ id: 7, type: 'gift', name: '买10赠1' })]);
    const { body } = await gw.gql('{ activities(ids: ["7", "99", "1", "7", "x"]) { id title } }');
    expect(body).toEqual({
      data: {
        activities: [
          { id: '7', title: '买10赠1' },
          { id: '1', title: '满300减20' },
        ],
      },
    });
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]?.query).toEqual({ ids: ['7', '99', '1'] });
  });

  it('the centre and one of its activities in the same operation share that one call', async () => {
    serveActivityList([activityDetail({ id: 1 }), activityDetail({ id: 3, type: 'discount', discount: 95 })]);
    const { body } = await gw.gql(
      '{ activities(ids: ["1", "3"]) { id } selected: activity(id: "3") { discountPercent } }',
    );
    expect(body.data).toEqual({ activities: [{ id: '1' }, { id: '3' }], selected: { discountPercent: 95 } });
    expect(upstream.seen.map((s) => s.path)).toEqual(['/api/activity']);
  });

  it('without ids answers the running and upcoming activities as the upstream orders them', async () => {
    serveActivityList([activityDetail({ id: 4, status: 1 }), activityDetail({ id: 5, status: 0 })]);
    const { body } = await gw.gql('{ activities { id status goodsCount } }');
    expect(body.data).toEqual({
      activities: [
        { id: '4', status: 'RUNNING', goodsCount: 78 },
        { id: '5', status: 'UPCOMING', goodsCount: 78 },
      ],
    });
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]?.query).toEqual({});
  });

  it('no usable ids is an empty list without asking; more than 50 ids is refused', async () => {
    expect((await gw.gql('{ activities(ids: []) { id } }')).body).toEqual({ data: { activities: [] } });
    expect((await gw.gql('{ activities(ids: ["0", "abc"]) { id } }')).body).toEqual({ data: { activities: [] } });
    const many = Array.from({ length: 51 }, (_, i) => `"${i + 1}"`).join(', ');
    const { body } = await gw.gql(`{ activities(ids: [${many}]) { id } }`);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toBe('一次最多查询50个活动');
    expect(upstream.seen).toHaveLength(0);
  });

  it('a broken list answer is UPSTREAM_UNAVAILABLE', async () => {
    upstream.ok('GET', '/api/activity', { not: 'a list' });
    const { body } = await gw.gql('{ activities { id } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('a tap on an activity (CATALOG-11)', () => {
  it('sends the activity to POST /api/activity/tap, for a visitor too, and answers true', async () => {
    upstream.ok('POST', '/api/activity/tap', { activity_id: 4, taps: 12 });
    const { body } = await gw.gql('mutation { tapActivity(id: " 4 ") }');
    expect(body).toEqual({ data: { tapActivity: true } });
    expect(upstream.seen.map((s) => [s.method, s.path, s.form])).toEqual([['POST', '/api/activity/tap', { id: '4' }]]);
  });

  it('repeats each count: two taps in one operation are two calls', async () => {
    upstream.ok('POST', '/api/activity/tap', { activity_id: 4, taps: 1 });
    const { body } = await gw.gql('mutation { a: tapActivity(id: "4") b: tapActivity(id: "4") }');
    expect(body).toEqual({ data: { a: true, b: true } });
    expect(upstream.calls('POST', '/api/activity/tap')).toHaveLength(2);
  });

  it('refuses a malformed id without asking; an unknown activity is the upstream refusal', async () => {
    const malformed = await gw.gql('mutation { tapActivity(id: "abc") }');
    expect(malformed.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
    upstream.fail('POST', '/api/activity/tap', 404, { code: 40400, message: '活动不存在' });
    const unknown = await gw.gql('mutation { tapActivity(id: "99999") }');
    expect(unknown.body.errors?.[0]?.message).toBe('活动不存在');
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('BUSINESS_ERROR');
  });
});

describe('the price a card or a detail page shows (PRICE-10)', () => {
  it("answers a running discount's price, and a seckill's only when the page names it, with what is left", async () => {
    upstream.ok('GET', '/api/goods/list', page([goods({ id: 11, price: 1310 }), goods({ id: 12, price: 1000 })]));
    upstream.ok('GET', '/api/goods/activities', [
      {
        goods_id: 11,
        activities: [{ ...activityDetail({ id: 3, type: 'discount', discount: 95 }), goods_count: undefined }],
      },
      {
        goods_id: 12,
        activities: [
          {
            ...activityDetail({ id: 4, type: 'seckill' }),
            price: 800,
            remaining: 0,
            per_buyer_limit: 5,
            goods_count: undefined,
          },
        ],
      },
    ]);
    const { body } = await gw.gql(
      `{ goodsList { items { id
          shown: promotionPrice { kind label price { fen } remaining }
          seckill: promotionPrice(goodsPriceId: "4") { kind activityId price { fen } remaining perBuyerLimit }
        } } }`,
    );
    expect(body).toEqual({
      data: {
        goodsList: {
          items: [
            {
              id: '11',
              // ¥13.10 at 9.5折 is ¥12.445, floored to ¥12.44 (PRICE-02).
              shown: { kind: 'DISCOUNT', label: '限时9.5折', price: { fen: 1244 }, remaining: null },
              seckill: {
                kind: 'DISCOUNT',
                activityId: '3',
                price: { fen: 1244 },
                remaining: null,
                perBuyerLimit: null,
              },
            },
            {
              id: '12',
              shown: null,
              seckill: { kind: 'SECKILL', activityId: '4', price: { fen: 800 }, remaining: 0, perBuyerLimit: 5 },
            },
          ],
        },
      },
    });
    // Both fields of the page's goods read the page's activities in one call.
    expect(upstream.calls('GET', '/api/goods/activities')).toHaveLength(1);
  });
});
