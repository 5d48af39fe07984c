import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { activity, goods, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

const AUTH = BUYER_AUTH;

/** The fake upstream parses queries with qs's default array limit (20): longer lists arrive as index objects. */
const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : Object.values(value ?? {})).map((v) => String(v as string));
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A page of `n` goods, ids 1..n, from /api/goods/list. */
function serveList(n: number): void {
  upstream.ok(
    'GET',
    '/api/goods/list',
    page(
      ids(n).map((id) => goods({ id, name: `商品${id}` })),
      { per_page: n },
    ),
  );
}

/** The activities answer: goods 2 has a running 满减, goods 3 an upcoming seckill. */
function serveActivities(): void {
  upstream.on('GET', '/api/goods/activities', (seen, res) => {
    const asked = asList(seen.query.goods_ids).map(Number);
    send(res, 200, {
      code: 10000,
      message: 'success',
      data: asked.map((id) => ({
        goods_id: id,
        activities:
          id === 2
            ? [activity()]
            : id === 3
              ? [
                  activity({
                    id: 5,
                    type: 'seckill',
                    type_name: '秒杀',
                    name: '明日秒杀',
                    describe: '明日开抢',
                    threshold: null,
                    reduce: null,
                    price: 990,
                    start_at: '2026-11-23 10:00:00',
                    end_at: '2026-11-24 10:00:00',
                    status: 0,
                  }),
                ]
              : [],
      })),
    });
  });
}

const PAGE_QUERY = `{ goodsList(pageSize: 50) { items {
  id isFavorite tags { name } ladderPrices { number }
  activities { id type typeName title thresholdAmount { amount } reduction { amount } price { amount } startsAt running }
} } }`;

describe('favourite marks and activities on a page of goods', () => {
  it('a page of 50 goods with favourite marks and activities costs 3 upstream calls', async () => {
    serveList(50);
    serveActivities();
    upstream.ok('GET', '/api/favorite/check', { ids: [2, 40] });
    const { body } = await gw.gql(PAGE_QUERY, undefined, AUTH);
    expect(body.errors).toBeUndefined();
    const items = (body.data?.goodsList as { items: { id: string; isFavorite: boolean; activities: unknown[] }[] })
      .items;
    expect(items).toHaveLength(50);
    expect(items.filter((g) => g.isFavorite).map((g) => g.id)).toEqual(['2', '40']);
    expect(items[1]?.activities).toEqual([
      {
        id: '1',
        type: 'FULL_REDUCTION',
        typeName: '满减',
        title: '满300减20',
        thresholdAmount: { amount: '300.00' },
        reduction: { amount: '20.00' },
        price: null,
        startsAt: '2026-11-15T00:00:00.000Z',
        running: true,
      },
    ]);
    // A zone-less upstream time is China time.
    expect(items[2]?.activities).toEqual([
      expect.objectContaining({
        type: 'SECKILL',
        price: { amount: '9.90' },
        startsAt: '2026-11-23T02:00:00.000Z',
        running: false,
      }),
    ]);
    expect(upstream.seen).toHaveLength(3);
    const check = upstream.calls('GET', '/api/favorite/check');
    expect(check).toHaveLength(1);
    expect(asList(check[0]?.query.goods_ids)).toEqual(ids(50).map(String));
    expect(check[0]?.authorization).toBe('Bearer buyer-token');
    expect(asList(upstream.query('GET', '/api/goods/activities')?.goods_ids)).toEqual(ids(50).map(String));
  });

  it('a visitor sees no favourites and costs no check call', async () => {
    serveList(50);
    serveActivities();
    const { body } = await gw.gql(PAGE_QUERY);
    expect(body.errors).toBeUndefined();
    const items = (body.data?.goodsList as { items: { isFavorite: boolean }[] }).items;
    expect(items.every((g) => !g.isFavorite)).toBe(true);
    expect(upstream.calls('GET', '/api/favorite/check')).toHaveLength(0);
    expect(upstream.seen).toHaveLength(2);
  });

  it('a cookie other than the session token is still a visitor; the token cookie is a buyer', async () => {
    serveList(2);
    upstream.ok('GET', '/api/favorite/check', { ids: [1] });
    await gw.gql('{ goodsList { items { isFavorite } } }', undefined, { cookie: 'theme=dark' });
    expect(upstream.calls('GET', '/api/favorite/check')).toHaveLength(0);
    const { body } = await gw.gql('{ goodsList { items { isFavorite } } }', undefined, {
      cookie: 'theme=dark; token=abc',
    });
    expect(body.data).toEqual({ goodsList: { items: [{ isFavorite: true }, { isFavorite: false }] } });
    expect(upstream.calls('GET', '/api/favorite/check')[0]?.cookie).toBe('theme=dark; token=abc');
  });

  it('more than 100 goods in one operation split into calls of at most 100', async () => {
    upstream.ok('GET', '/api/goods/list', page(ids(100).map((id) => goods({ id }))));
    upstream.ok('GET', '/api/goods/hot', [goods({ id: 101 }), goods({ id: 1 })]);
    upstream.ok('GET', '/api/favorite/check', { ids: [] });
    const { body } = await gw.gql(
      '{ goodsList(pageSize: 100) { items { isFavorite } } hotGoods { id isFavorite } }',
      undefined,
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    const calls = upstream.calls('GET', '/api/favorite/check');
    expect(calls.map((c) => asList(c.query.goods_ids).length).sort((a, b) => a - b)).toEqual([1, 100]);
  });

  it('a failing check answers the code and message of the error table', async () => {
    serveList(2);
    upstream.on('GET', '/api/favorite/check', (_s, res) => send(res, 503, 'down'));
    const { body } = await gw.gql('{ goodsList { total items { id isFavorite } } }', undefined, AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.errors?.[0]?.message).toBe('系统繁忙，请稍候再试');
  });

  it('a failing check fails each mark of the page from that one call; the rest of the page still renders', async () => {
    serveList(3);
    serveActivities();
    upstream.on('GET', '/api/favorite/check', (_s, res) => send(res, 503, 'down'));
    const { body } = await gw.gql('{ goodsList { items { id isFavorite activities { id } } } }', undefined, AUTH);
    expect(body.data).toEqual({
      goodsList: {
        items: [
          { id: '1', isFavorite: null, activities: [] },
          { id: '2', isFavorite: null, activities: [{ id: '1' }] },
          { id: '3', isFavorite: null, activities: [{ id: '5' }] },
        ],
      },
    });
    expect(body.errors?.map((error) => [error.path, error.extensions?.code])).toEqual(
      [0, 1, 2].map((i) => [['goodsList', 'items', i, 'isFavorite'], 'UPSTREAM_UNAVAILABLE']),
    );
    expect(upstream.calls('GET', '/api/favorite/check')).toHaveLength(1);
  });

  it('reads marks for the page only when the operation asks for them, through fragments, aliases and @skip', async () => {
    serveList(2);
    serveActivities();
    upstream.ok('GET', '/api/favorite/check', { ids: [2] });
    const query = `query ($plain: Boolean!) { goodsList { items { id ...Marks } } }
      fragment Marks on Goods { liked: isFavorite @skip(if: $plain) activities { id } }`;
    const plain = await gw.gql(query, { plain: true }, AUTH);
    expect(plain.body).toEqual({
      data: {
        goodsList: {
          items: [
            { id: '1', activities: [] },
            { id: '2', activities: [{ id: '1' }] },
          ],
        },
      },
    });
    expect(upstream.calls('GET', '/api/favorite/check')).toHaveLength(0);
    const marked = await gw.gql(query, { plain: false }, AUTH);
    expect(marked.body).toEqual({
      data: {
        goodsList: {
          items: [
            { id: '1', liked: false, activities: [] },
            { id: '2', liked: true, activities: [{ id: '1' }] },
          ],
        },
      },
    });
    expect(upstream.calls('GET', '/api/favorite/check')).toHaveLength(1);
  });

  it('an unknown activity type from the upstream is a broken answer, not a guess', async () => {
    serveList(1);
    upstream.ok('GET', '/api/goods/activities', [
      {
        goods_id: 1,
        activities: [
          {
            id: 9,
            type: 'lottery',
            name: 'x',
            start_at: '2026-11-01T00:00:00Z',
            end_at: '2026-12-01T00:00:00Z',
            status: 1,
          },
        ],
      },
    ]);
    const { body } = await gw.gql('{ goodsList { items { activities { type } } } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('the favourites page and changes', () => {
  it('lists a page of favourites, all marked, with no check call', async () => {
    upstream.ok(
      'GET',
      '/api/favorite',
      page([goods({ id: 7 }), goods({ id: 9 })], { current_page: 2, per_page: 2, total: 4, last_page: 2 }),
    );
    const { body } = await gw.gql(
      '{ favorites(page: 2, pageSize: 2) { total page pageSize items { id isFavorite } } }',
      undefined,
      AUTH,
    );
    expect(body).toEqual({
      data: {
        favorites: {
          total: 4,
          page: 2,
          pageSize: 2,
          items: [
            { id: '7', isFavorite: true },
            { id: '9', isFavorite: true },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/favorite')).toEqual({ page: '2', page_size: '2' });
    expect(upstream.seen).toHaveLength(1);
  });

  it('a visitor asking for favourites is sent to the login page', async () => {
    upstream.fail('GET', '/api/favorite', 401, { code: 10001, message: '请先登录' });
    const { body } = await gw.gql('{ favorites { total } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });

  it('refuses a bad page size without calling the upstream', async () => {
    const { body } = await gw.gql('{ favorites(pageSize: 101) { total } }', undefined, AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });

  it('adds favourites: the upstream message, the goods, marked, with no check call', async () => {
    upstream.ok('POST', '/api/favorite', [goods({ id: 3 }), goods({ id: 5 })], '收藏成功');
    const { body } = await gw.gql(
      'mutation { addFavorite(goodsIds: ["3", "5", "3"]) { message goods { id isFavorite } } }',
      undefined,
      AUTH,
    );
    expect(body).toEqual({
      data: {
        addFavorite: {
          message: '收藏成功',
          goods: [
            { id: '3', isFavorite: true },
            { id: '5', isFavorite: true },
          ],
        },
      },
    });
    const [call] = upstream.calls('POST', '/api/favorite');
    expect(call?.rawBody).toBe('goods_ids%5B%5D=3&goods_ids%5B%5D=5');
    expect(call?.contentType).toBe('application/x-www-form-urlencoded');
    expect(upstream.seen).toHaveLength(1);
  });

  it('removes favourites with the upstream message; the goods are no longer marked', async () => {
    upstream.ok('POST', '/api/favorite/cancel', [goods({ id: 3 })], '取消收藏成功');
    const { body } = await gw.gql(
      'mutation { removeFavorite(goodsIds: ["3"]) { message goods { id isFavorite } } }',
      undefined,
      AUTH,
    );
    expect(body).toEqual({
      data: { removeFavorite: { message: '取消收藏成功', goods: [{ id: '3', isFavorite: false }] } },
    });
    expect(upstream.seen).toHaveLength(1);
  });

  it('refuses an empty list or more than 100 goods without calling the upstream', async () => {
    const none = await gw.gql('mutation { addFavorite(goodsIds: []) { message } }', undefined, AUTH);
    expect(none.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const many = await gw.gql(
      'mutation($ids: [ID!]!) { removeFavorite(goodsIds: $ids) { message } }',
      { ids: ids(101).map(String) },
      AUTH,
    );
    expect(many.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });

  it('an unknown goods is the upstream 404 as a business error; a visitor is sent to login', async () => {
    upstream.on('POST', '/api/favorite', (seen, res) =>
      seen.authorization
        ? send(res, 404, { code: 404, message: '商品不存在', data: null })
        : send(res, 401, { code: 10001, message: '请先登录', data: null }),
    );
    const unknown = await gw.gql('mutation { addFavorite(goodsIds: ["999"]) { message } }', undefined, AUTH);
    expect(unknown.body.errors?.[0]).toMatchObject({ message: '商品不存在', extensions: { code: 'BUSINESS_ERROR' } });
    const visitor = await gw.gql('mutation { addFavorite(goodsIds: ["1"]) { message } }');
    expect(visitor.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
