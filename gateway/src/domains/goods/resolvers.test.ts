import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { goods, page } from '../../testkit/fixtures';
import { buildSchema } from '../../schema';

const { upstream, gw } = useGatewayOnFakeUpstream();

/** Answers /api/goods/detail/{id} for the given ids, after a short pause so that concurrent calls overlap. */
function serveDetails(...ids: number[]): void {
  for (const id of ids) {
    upstream.on('GET', `/api/goods/detail/${id}`, async (_s, res) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      send(res, 200, { code: 10000, message: '', data: goods({ id, name: `商品${id}` }) });
    });
  }
}

describe('one goods', () => {
  it('maps the upstream goods to the schema, money in fen and yuan', async () => {
    upstream.ok(
      'GET',
      '/api/goods/detail/1',
      goods({
        ladder_price: [{ number: 10, price: 1100 }],
        ladder_price_type: 1,
        is_dpby: 1,
        qg_number: 20,
        type: 1,
        is_youx: 1,
        tags: [
          // The upstream's colour is shown as it is; a tag without one is the spec's red.
          { name: '秒', describe: '限时秒杀', is_show: 1, color: '#0f6cbd' },
          { name: '新', describe: null, is_show: 0, color: '' },
          { name: '特', describe: null, is_show: 1, color: '' },
        ],
      }),
    );
    const { body } = await gw.gql(`{ goods(id: "1") {
      id name manufacturer spec packingUnit approvalNumber stock isBuyable
      price { fen amount } basePrice { amount } ladderPrices { number price { amount } } ladderPriceType
      images tags { name description color } freeShippingQuantity isTraditionalMedicine isPreferred
    } }`);
    expect(body).toEqual({
      data: {
        goods: {
          id: '1',
          name: '感冒灵颗粒',
          manufacturer: '华润三九医药股份有限公司',
          spec: '10g*9袋',
          packingUnit: '盒',
          approvalNumber: '国药准字Z44021940',
          stock: 500,
          isBuyable: true,
          price: { fen: 1250, amount: '12.50' },
          basePrice: { amount: '15.00' },
          ladderPrices: [{ number: 10, price: { amount: '11.00' } }],
          ladderPriceType: 'UPPER_BOUND',
          images: ['https://img.example.com/1.jpg'],
          tags: [
            { name: '秒', description: '限时秒杀', color: '#0f6cbd' },
            { name: '特', description: null, color: '#e4393c' },
          ],
          freeShippingQuantity: 20,
          isTraditionalMedicine: true,
          isPreferred: true,
        },
      },
    });
  });

  it('fetches each distinct goods once per operation, however many times it is asked for', async () => {
    serveDetails(1, 2);
    upstream.ok('GET', '/api/goods/list', page([goods({ id: 1 }), goods({ id: 2 })]));
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: goods(id: "1") { id name }`).join('\n');
    const { body } = await gw.gql(`{ ${aliases} goods(id: "2") { name } goodsList { items { id } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data?.a0).toEqual({ id: '1', name: '商品1' });
    expect(body.data?.a19).toEqual({ id: '1', name: '商品1' });
    expect(body.data?.goods).toEqual({ name: '商品2' });
    expect(upstream.calls('GET', '/api/goods/detail/1')).toHaveLength(1);
    expect(upstream.calls('GET', '/api/goods/detail/2')).toHaveLength(1);
  });

  it('does not share loaded answers between two operations', async () => {
    serveDetails(1);
    // Two buyers: the response cache (CACHE-01) keeps each buyer's answers apart, so only loaders could share.
    await gw.gql('{ goods(id: "1") { id } }', {}, { authorization: 'Bearer buyer-a' });
    await gw.gql('{ goods(id: "1") { id } }', {}, { authorization: 'Bearer buyer-b' });
    expect(upstream.calls('GET', '/api/goods/detail/1')).toHaveLength(2);
  });

  it('returns the goods that answered alongside the errors of those that failed', async () => {
    serveDetails(1);
    upstream.on('GET', '/api/goods/detail/2', (_s, res) => send(res, 503, 'maintenance'));
    const { body } = await gw.gql('{ ok: goods(id: "1") { name } broken: goods(id: "2") { name } }');
    expect(body.data).toEqual({ ok: { name: '商品1' }, broken: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({ path: ['broken'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });
});

describe('goods lists and search', () => {
  /** The query string of the first GET /api/goods/list. */
  const listQuery = () => upstream.query('GET', '/api/goods/list');

  it('maps the filter to the list query, keyword trimmed', async () => {
    upstream.ok('GET', '/api/goods/list', page([goods()], { current_page: 2, per_page: 10, total: 31, last_page: 4 }));
    const { body } =
      await gw.gql(`{ goodsList(filter: { keyword: "  感冒  ", by: MANUFACTURER, categoryId: "12", preferredOnly: true },
      page: 2, pageSize: 10, sort: PRICE_ASC) { total page pageSize items { id price { amount } } } }`);
    expect(body).toEqual({
      data: { goodsList: { total: 31, page: 2, pageSize: 10, items: [{ id: '1', price: { amount: '12.50' } }] } },
    });
    expect(listQuery()).toEqual({
      keywords: '感冒',
      type: '2',
      category_id: '12',
      yx: '1',
      page: '2',
      page_size: '10',
      sort: 'price_asc',
    });
  });

  it('sends no keyword for a blank one, and defaults to name search, page 1 of 20', async () => {
    upstream.ok('GET', '/api/goods/list', page([]));
    await gw.gql('{ goodsList(filter: { keyword: "   " }) { total } }');
    expect(listQuery()).toEqual({
      type: '1',
      page: '1',
      page_size: '20',
      sort: 'default',
    });
  });

  it('passes %, _, quotes and a 500-character keyword to the upstream as plain text, trimmed', async () => {
    upstream.ok('GET', '/api/goods/list', page([]));
    upstream.ok('GET', '/api/goods/search', []);
    const hostile = ['%', '_', '50%_off', "' OR 1=1 --", '"引号"', '\\', 'x'.repeat(500)];
    for (const keyword of hostile) {
      const list = await gw.gql('query($k: String) { goodsList(filter: { keyword: $k }) { total } }', {
        k: `  ${keyword} `,
      });
      expect(list.body).toEqual({ data: { goodsList: { total: 0 } } });
      const suggestions = await gw.gql('query($k: String!) { searchSuggestions(keyword: $k) { text } }', {
        k: ` ${keyword}  `,
      });
      expect(suggestions.body).toEqual({ data: { searchSuggestions: [] } });
    }
    expect(upstream.calls('GET', '/api/goods/list').map((c) => c.query.keywords)).toEqual(hostile);
    expect(upstream.calls('GET', '/api/goods/search').map((c) => c.query.keywords)).toEqual(hostile);
  });

  it('refuses an over-long keyword with BAD_USER_INPUT before the upstream, at its limit of 500 (VAL-22)', async () => {
    const { body } = await gw.gql('query($k: String) { goodsList(filter: { keyword: $k }) { total } }', {
      k: 'x'.repeat(501),
    });
    expect(body.errors?.[0]).toMatchObject({
      message: '关键词最多500个字',
      extensions: { code: 'BAD_USER_INPUT', fields: { keyword: ['关键词最多500个字'] } },
    });
    expect(upstream.seen).toHaveLength(0);
  });

  it('searches by manufacturer initials with the manufacturer type', async () => {
    upstream.ok('GET', '/api/goods/list', page([goods()]));
    const { body } = await gw.gql(
      '{ goodsList(filter: { keyword: "HRSJ", by: MANUFACTURER }) { items { manufacturer } } }',
    );
    expect(body.data).toEqual({ goodsList: { items: [{ manufacturer: '华润三九医药股份有限公司' }] } });
    expect(listQuery()).toMatchObject({ keywords: 'HRSJ', type: '2' });
  });

  it('refuses a page size above 100 without calling the upstream', async () => {
    const { body } = await gw.gql('{ goodsList(pageSize: 500) { total } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });

  it('suggests names or manufacturers for the trimmed text', async () => {
    upstream.ok('GET', '/api/goods/search', [
      { id: 1, name: '感冒灵颗粒', sccj: '华润三九' },
      { id: 2, name: '感冒清热颗粒', sccj: '华润三九' },
    ]);
    const byName = await gw.gql('{ searchSuggestions(keyword: " gm ") { text } }');
    expect(byName.body.data).toEqual({ searchSuggestions: [{ text: '感冒灵颗粒' }, { text: '感冒清热颗粒' }] });
    expect(upstream.seen[0]?.query).toEqual({ keywords: 'gm', type: '1' });

    const byMaker = await gw.gql('{ searchSuggestions(keyword: "hr", by: MANUFACTURER) { text } }');
    expect(byMaker.body.data).toEqual({ searchSuggestions: [{ text: '华润三九' }] });
    expect(upstream.seen[1]?.query).toEqual({ keywords: 'hr', type: '2' });
  });

  it('answers no suggestions for blank text without calling the upstream', async () => {
    const { body } = await gw.gql('{ searchSuggestions(keyword: "   ") { text } }');
    expect(body).toEqual({ data: { searchSuggestions: [] } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('lists the hot goods', async () => {
    upstream.ok('GET', '/api/goods/hot', [goods({ id: 5 }), goods({ id: 6 })]);
    const { body } = await gw.gql('{ hotGoods { id } }');
    expect(body.data).toEqual({ hotGoods: [{ id: '5' }, { id: '6' }] });
  });
});

describe('goods wherever they are answered', () => {
  it('every field answering goods maps the upstream record first: a default resolver would hand on a record', () => {
    const schema = buildSchema();
    const unmapped = Object.values(schema.getTypeMap()).flatMap((type) =>
      'isTypeOf' in type && !type.name.startsWith('__')
        ? Object.values(type.getFields())
            .filter((field) => /^\[?Goods!?\]?!?$/.test(String(field.type)) && field.resolve === undefined)
            .map((field) => `${type.name}.${field.name}`)
        : [],
    );
    expect(unmapped).toEqual([]);
  });
});
