// Sets (组合购) and group-buy joins (拼团) through the gateway on the real upstream: a set goes into the cart as one
// line, is ordered, takes every goods' stock and gives it back on cancel; a join moves the group's progress.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

interface CartAnswer {
  cart: {
    lines: {
      id: string;
      type: string;
      number: number;
      price: { fen: number };
      total: { fen: number };
      selected: boolean;
      combination: { group: { id: string }; items: { goods: { id: string }; number: number }[] } | null;
      groupBuy: { groupBuyId: string; joinedNumber: number } | null;
    }[];
  };
}

const LINES = `cart { lines { id type number price { fen } total { fen } selected
  combination { group { id } items { goods { id } number } } groupBuy { groupBuyId joinedNumber } } }`;

describe('sets and group-buy joins on the real upstream', () => {
  let m: Marketplace;
  let auth: Record<string, string>;
  let addressId: string | undefined;

  beforeAll(async () => {
    m = await startRunMarketplace();
    auth = { authorization: `Bearer ${await m.login('demo')}` };
    const addresses = await m.gql<{ me: { addresses: { id: string }[] } }>('{ me { addresses { id } } }', {}, auth);
    addressId = addresses.body.data?.me.addresses[0]?.id;
  });
  afterAll(async () => m?.close());

  const stockOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await m.db.query<{ id: number; number: number }>('SELECT id, number FROM goods WHERE id = ANY($1::int[])', [
          ids.map(Number),
        ])
      ).map((r) => [String(r.id), r.number]),
    );
  const place = (cartLineIds: string[]) =>
    m.gql<{
      placeOrder: {
        order: {
          id: string;
          amounts: { goods: { fen: number } };
          lines: {
            goodsId: string;
            number: number;
            combination: { id: string; sets: number } | null;
            groupBuyId: string | null;
          }[];
        } | null;
        userErrors: { code: string }[];
      };
    }>(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id amounts { goods { fen } }
        lines { goodsId number combination { id sets } groupBuyId } } userErrors { code } } }`,
      { input: { cartLineIds, addressId, idempotencyKey: randomUUID() } },
      auth,
    );
  const cancel = (id: string | undefined) =>
    m.gql<{ cancelOrder: { order: { status: string } | null } }>(
      'mutation($id: ID!) { cancelOrder(orderId: $id) { order { status } } }',
      { id },
      auth,
    );

  it('adds a set twice as one line, orders it taking every goods of the set, and a cancel gives it back', async () => {
    const groups = await m.gql<{ combinationGroups: { id: string; setPrice: { fen: number } }[] }>(
      '{ combinationGroups(kind: BUNDLE) { id setPrice { fen } } }',
    );
    const group = groups.body.data?.combinationGroups[0];
    expect(group).toBeDefined();
    const add = (sets: number) =>
      m.gql<{ addCombinationToCart: CartAnswer & { message: string } }>(
        `mutation($id: ID!, $sets: Int!) { addCombinationToCart(combinationId: $id, sets: $sets) { message ${LINES} } }`,
        { id: group?.id, sets },
        auth,
      );
    expect((await add(1)).body.data?.addCombinationToCart.message).toBe('加入购物车成功');
    const second = await add(2);
    const lines = (second.body.data?.addCombinationToCart.cart.lines ?? []).filter((l) => l.type === 'COMBINATION');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ number: 3, selected: true, price: { fen: group?.setPrice.fen } });
    expect(line?.total.fen).toBe((group?.setPrice.fen ?? 0) * 3);
    const items = line?.combination?.items ?? [];
    expect(items.length).toBeGreaterThan(1);

    const ids = items.map((i) => i.goods.id);
    const before = await stockOf(ids);
    const placed = await place([line?.id ?? '']);
    const order = placed.body.data?.placeOrder.order;
    expect(placed.body.data?.placeOrder.userErrors).toEqual([]);
    expect(order?.amounts.goods.fen).toBe((group?.setPrice.fen ?? 0) * 3);
    expect(order?.lines.map((l) => [l.goodsId, l.number, l.combination])).toEqual(
      items.map((i) => [i.goods.id, i.number * 3, { id: group?.id, sets: 3 }]),
    );
    const after = await stockOf(ids);
    for (const i of items) expect(after[i.goods.id]).toBe((before[i.goods.id] ?? 0) - i.number * 3);

    expect((await cancel(order?.id)).body.data?.cancelOrder.order?.status).toBe('CANCELLED');
    expect(await stockOf(ids)).toEqual(before);
  });

  it('refuses more sets than the stock allows, naming the goods, and leaves the cart as it was', async () => {
    const groups = await m.gql<{ combinationGroups: { id: string }[] }>('{ combinationGroups(kind: BUNDLE) { id } }');
    const res = await m.gql(
      'mutation($id: ID!) { addCombinationToCart(combinationId: $id, sets: 999999) { message } }',
      { id: groups.body.data?.combinationGroups[1]?.id },
      auth,
    );
    expect(res.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/库存不足，最多可购买\d+组$/),
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 },
    });
  });

  it('joins a group-buy: ordered units count towards the group and go back on cancel', async () => {
    const zone = async () =>
      (
        await m.gql<{ groupBuyGoods: { items: { groupBuyId: string; joinedNumber: number }[] } }>(
          '{ groupBuyGoods(pageSize: 50) { items { groupBuyId joinedNumber } } }',
        )
      ).body.data?.groupBuyGoods.items ?? [];
    const offer = (await zone())[0];
    const joined = await m.gql<{ joinGroupBuy: CartAnswer }>(
      `mutation($id: ID!) { joinGroupBuy(groupBuyId: $id, number: 5) { ${LINES} } }`,
      { id: offer?.groupBuyId },
      auth,
    );
    const line = joined.body.data?.joinGroupBuy.cart.lines.find((l) => l.type === 'GROUP_BUY');
    expect(line?.groupBuy).toEqual({ groupBuyId: offer?.groupBuyId, joinedNumber: offer?.joinedNumber });
    const placed = await place([line?.id ?? '']);
    expect(placed.body.data?.placeOrder.order?.lines[0]?.groupBuyId).toBe(offer?.groupBuyId);
    const progress = async () => (await zone()).find((o) => o.groupBuyId === offer?.groupBuyId)?.joinedNumber;
    expect(await progress()).toBe((offer?.joinedNumber ?? 0) + 5);
    await cancel(placed.body.data?.placeOrder.order?.id);
    expect(await progress()).toBe(offer?.joinedNumber);
  });
});
