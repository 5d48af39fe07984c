// The gateway against the real reference upstream, on the run's store (ADR 0230): what a buyer and a mobile client
// rely on end to end, and the isolation and call-count guarantees of the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

const CART = `cart { id count lines { id number selected goods { id name } } summary { selectedCount selectedTotal { fen amount } } }`;

describe('the gateway on the real upstream', () => {
  let m: Marketplace;
  let demo: string;
  let demo2: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function emptyCart(token: string): Promise<void> {
    const { body } = await m.gql<{ cart: { lines: { id: string }[] } }>('{ cart { lines { id } } }', {}, bearer(token));
    const ids = body.data?.cart.lines.map((l) => l.id) ?? [];
    if (ids.length > 0)
      await m.gql('mutation($ids: [ID!]!) { removeCartLines(ids: $ids) { message } }', { ids }, bearer(token));
  }

  async function buyableGoodsIds(count: number): Promise<string[]> {
    const rows = await m.db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number >= 100 ORDER BY id LIMIT $1',
      [count],
    );
    return rows.map((r) => String(r.id));
  }

  beforeAll(async () => {
    m = await startRunMarketplace();
    demo = await m.login('demo');
    demo2 = await m.login('demo2');
    await emptyCart(demo);
    await emptyCart(demo2);
  });
  afterAll(async () => m?.close());

  it('signs a buyer in with a token for mobile clients and an HttpOnly cookie for the web', async () => {
    const { headers, body } = await m.gql<{ login: { token: string; user: { username: string; company: string } } }>(
      'mutation { login(username: "demo", password: "demo1234") { token user { username company } } }',
    );
    expect(body.data?.login.user.username).toBe('demo');
    expect(body.data?.login.user.company).toBeTruthy();
    const cookies = headers.getSetCookie();
    expect(cookies.some((c) => /^token=[^;]+;/.test(c) && /HttpOnly/i.test(c))).toBe(true);

    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await m.gql<{ me: { username: string } | null }>('{ me { username } }', {}, { cookie });
    expect(me.body.data?.me?.username).toBe('demo');
  });

  it('refuses wrong credentials as BAD_USER_INPUT', async () => {
    const { body } = await m.gql('mutation { login(username: "demo", password: "wrong") { token } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('treats a visitor as nobody: me is null and the cart asks to log in', async () => {
    const { body } = await m.gql<{ me: null }>('{ me { id } site { hotline } }');
    expect(body.data?.me).toBeNull();
    const cart = await m.gql('{ cart { id } }');
    expect(cart.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });

  it('finds goods by the pinyin initials of the name, in either case', async () => {
    for (const keyword of ['gmlkl', 'GMLKL']) {
      const { body } = await m.gql<{ goodsList: { total: number; items: { name: string }[] } }>(
        'query($k: String!) { goodsList(filter: { keyword: $k }, pageSize: 50) { total items { name } } }',
        { k: keyword },
      );
      expect(body.data?.goodsList.total).toBeGreaterThan(0);
      expect(body.data?.goodsList.items.every((g) => g.name.includes('感冒灵颗粒'))).toBe(true);
    }
  });

  it('finds goods by manufacturer and its initials', async () => {
    for (const keyword of ['华润三九', 'hrsj']) {
      const { body } = await m.gql<{ goodsList: { total: number; items: { manufacturer: string }[] } }>(
        'query($k: String!) { goodsList(filter: { keyword: $k, by: MANUFACTURER }) { total items { manufacturer } } }',
        { k: keyword },
      );
      expect(body.data?.goodsList.total).toBeGreaterThan(0);
      expect(body.data?.goodsList.items.every((g) => g.manufacturer.includes('华润三九'))).toBe(true);
    }
  });

  it('suggests names for typed initials', async () => {
    const { body } = await m.gql<{ searchSuggestions: { text: string }[] }>(
      '{ searchSuggestions(keyword: "gmlkl") { text } }',
    );
    expect(body.data?.searchSuggestions.some((s) => s.text.includes('感冒灵颗粒'))).toBe(true);
  });

  it('makes one upstream call per distinct goods in one operation', async () => {
    const [a, b] = await buyableGoodsIds(2);
    m.resetCalls();
    const { body } = await m.gql(
      `query($a: ID!, $b: ID!) { x: goods(id: $a) { id name } y: goods(id: $a) { price { fen } }
         z: goods(id: $b) { id } w: goods(id: $b) { stock } }`,
      { a, b },
    );
    expect(body.errors).toBeUndefined();
    expect(m.calls.filter((c) => c.startsWith('GET /api/goods/detail/')).sort()).toEqual(
      [`GET /api/goods/detail/${a}`, `GET /api/goods/detail/${b}`].sort(),
    );
  });

  it('answers null for unknown goods', async () => {
    const { body } = await m.gql('{ goods(id: "99999999") { id } }');
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ goods: null });
  });

  it('adds to the line already in the cart, and every mutation answers the whole cart', async () => {
    const [id] = await buyableGoodsIds(1);
    const add = `mutation($id: ID!, $n: Int!) { addToCart(lines: [{ goodsId: $id, number: $n }]) { message ${CART} } }`;
    type Payload = {
      addToCart: { message: string; cart: { id: string; count: number; lines: { id: string; number: number }[] } };
    };
    const first = await m.gql<Payload>(add, { id, n: 2 }, bearer(demo));
    expect(first.body.data?.addToCart.message).toBeTruthy();
    const second = await m.gql<Payload>(add, { id, n: 3 }, bearer(demo));
    const cart = second.body.data?.addToCart.cart;
    expect(cart?.count).toBe(1);
    expect(cart?.lines[0]?.number).toBe(5);
    expect(cart?.id).toBe(first.body.data?.addToCart.cart.id);
  });

  it('refuses a quantity below one and leaves the cart as it was', async () => {
    const before = await m.gql<{ cart: { lines: { id: string; number: number }[] } }>(`{ ${CART} }`, {}, bearer(demo));
    const line = before.body.data?.cart.lines[0];
    expect(line).toBeDefined();
    const { body } = await m.gql(
      'mutation($id: ID!) { updateCartLine(id: $id, number: 0) { message } }',
      { id: line?.id },
      bearer(demo),
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const after = await m.gql(`{ ${CART} }`, {}, bearer(demo));
    expect(after.body.data).toEqual(before.body.data);
  });

  it('selects and removes lines, and the summary counts only selected lines', async () => {
    const { body } = await m.gql<{ cart: { lines: { id: string }[] } }>('{ cart { lines { id } } }', {}, bearer(demo));
    const ids = body.data?.cart.lines.map((l) => l.id) ?? [];
    const unselect = await m.gql<{
      selectCartLines: { cart: { summary: { selectedCount: number; selectedTotal: { fen: number } } } };
    }>(`mutation($ids: [ID!]!) { selectCartLines(ids: $ids, selected: false) { ${CART} } }`, { ids }, bearer(demo));
    expect(unselect.body.data?.selectCartLines.cart.summary).toMatchObject({
      selectedCount: 0,
      selectedTotal: { fen: 0 },
    });
    const removed = await m.gql<{ removeCartLines: { cart: { count: number } } }>(
      `mutation($ids: [ID!]!) { removeCartLines(ids: $ids) { ${CART} } }`,
      { ids },
      bearer(demo),
    );
    expect(removed.body.data?.removeCartLines.cart.count).toBe(0);
  });

  it("never gives one buyer another buyer's data, however their requests interleave", async () => {
    const [a, b] = await buyableGoodsIds(2);
    const add = (token: string, id: string | undefined) =>
      m.gql(
        'mutation($id: ID!) { addToCart(lines: [{ goodsId: $id, number: 1 }]) { message } }',
        { id },
        bearer(token),
      );
    await Promise.all([add(demo, a), add(demo2, b)]);

    const read = (token: string) =>
      m.gql<{ me: { username: string }; cart: { id: string; lines: { goods: { id: string } }[] } }>(
        '{ me { username } cart { id lines { goods { id } } } }',
        {},
        bearer(token),
      );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => read(i % 2 === 0 ? demo : demo2)));
    answers.forEach((answer, i) => {
      const mine = i % 2 === 0;
      expect(answer.body.data?.me.username).toBe(mine ? 'demo' : 'demo2');
      expect(answer.body.data?.cart.lines.map((l) => l.goods.id)).toEqual([mine ? a : b]);
    });
    const demoCartId = answers[0]?.body.data?.cart.id;
    const demo2CartId = answers[1]?.body.data?.cart.id;
    expect(demoCartId).not.toBe(demo2CartId);
    await emptyCart(demo);
    await emptyCart(demo2);
  });

  it('ends the session on logout', async () => {
    const token = await m.login('demo');
    const out = await m.gql<{ logout: boolean }>('mutation { logout }', {}, bearer(token));
    expect(out.body.data?.logout).toBe(true);
    const { body } = await m.gql('{ cart { id } }', {}, bearer(token));
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
