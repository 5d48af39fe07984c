// The buying loop through the gateway on the real upstream: confirm with a coupon, place (twice with one key),
// pay from the wallet, and the wallet falls by exactly the order's payable amount.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD } from '../upstream/src/seed/pay-passwords';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

interface Preview {
  orderPreview: {
    amounts: { goods: { fen: number }; coupon: { fen: number }; payable: { fen: number } };
    addresses: { id: string; isDefault: boolean }[];
    coupons: { usable: boolean; coupon: { id: string } }[];
  };
}

describe('the buying loop on the real upstream', () => {
  let m: Marketplace;
  let auth: Record<string, string>;

  beforeAll(async () => {
    m = await startRunMarketplace();
    auth = { authorization: `Bearer ${await m.login('demo')}` };
  });
  afterAll(async () => m?.close());

  it('places one order for a double submit, pays it from the wallet, and the wallet falls by the payable amount', async () => {
    const [goods] = await m.db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number >= 100 AND is_hm = 0 AND price BETWEEN 5000 AND 50000 ORDER BY id LIMIT 1',
    );
    const added = await m.gql<{ addToCart: { cart: { lines: { id: string; goods: { id: string } }[] } } }>(
      'mutation($id: ID!) { addToCart(lines: [{ goodsId: $id, number: 10 }]) { cart { lines { id goods { id } } } } }',
      { id: String(goods?.id) },
      auth,
    );
    const lineIds = (added.body.data?.addToCart.cart.lines ?? [])
      .filter((l) => l.goods.id === String(goods?.id))
      .map((l) => l.id);
    expect(lineIds).toHaveLength(1);

    const preview = `query($ids: [ID!]!, $coupon: ID) { orderPreview(cartLineIds: $ids, couponId: $coupon) {
      amounts { goods { fen } coupon { fen } payable { fen } } addresses { id isDefault } coupons { usable coupon { id } } } }`;
    const plain = await m.gql<Preview>(preview, { ids: lineIds }, auth);
    const usable = plain.body.data?.orderPreview.coupons.find((c) => c.usable);
    expect(usable, 'demo holds a coupon this order reaches').toBeDefined();
    const withCoupon = await m.gql<Preview>(preview, { ids: lineIds, coupon: usable?.coupon.id }, auth);
    const amounts = withCoupon.body.data?.orderPreview.amounts;
    expect(amounts?.coupon.fen).toBeGreaterThan(0);
    expect(amounts?.payable.fen).toBeLessThan(plain.body.data?.orderPreview.amounts.payable.fen ?? 0);

    const wallet = async () =>
      (await m.gql<{ me: { wallet: { balance: { fen: number } } } }>('{ me { wallet { balance { fen } } } }', {}, auth))
        .body.data?.me.wallet.balance.fen ?? NaN;
    const before = await wallet();

    const input = {
      cartLineIds: lineIds,
      addressId: withCoupon.body.data?.orderPreview.addresses[0]?.id,
      couponId: usable?.coupon.id,
      idempotencyKey: randomUUID(),
    };
    const place = () =>
      m.gql<{
        placeOrder: { order: { id: string; amounts: { payable: { fen: number } } } | null; userErrors: unknown[] };
      }>(
        `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
          order { id amounts { payable { fen } } } userErrors { code message } } }`,
        { input },
        auth,
      );
    const [first, second] = await Promise.all([place(), place()]);
    const order = first.body.data?.placeOrder.order;
    expect(first.body.data?.placeOrder.userErrors).toEqual([]);
    expect(second.body.data?.placeOrder.order?.id).toBe(order?.id);
    expect(order?.amounts.payable.fen).toBe(amounts?.payable.fen);

    const paid = await m.gql<{ payOrder: { order: { status: string } | null; userErrors: unknown[] } }>(
      'mutation($id: ID!, $pw: String) { payOrder(orderId: $id, method: BALANCE, payPassword: $pw) { order { status } userErrors { code } } }',
      { id: order?.id, pw: DEMO_PAY_PASSWORD },
      auth,
    );
    expect(paid.body.data?.payOrder).toEqual({ order: { status: 'PAID' }, userErrors: [] });
    expect(await wallet()).toBe(before - (order?.amounts.payable.fen ?? 0));

    const again = await m.gql<{ payOrder: { userErrors: { code: string }[] } }>(
      'mutation($id: ID!, $pw: String) { payOrder(orderId: $id, method: BALANCE, payPassword: $pw) { userErrors { code } } }',
      { id: order?.id, pw: DEMO_PAY_PASSWORD },
      auth,
    );
    expect(again.body.data?.payOrder.userErrors.map((e) => e.code)).toEqual(['NOT_UNPAID']);

    const listed = await m.gql<{ orders: { items: { id: string; status: string }[] } }>(
      '{ orders(status: PAID) { items { id status } } }',
      {},
      auth,
    );
    expect(listed.body.data?.orders.items.map((o) => o.id)).toContain(order?.id);
  });

  it('says plainly that other payment methods are not configured, and a cancel gives the stock back', async () => {
    const [goods] = await m.db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number >= 100 AND is_hm = 0 ORDER BY id DESC LIMIT 1',
    );
    const stock = async () =>
      (await m.db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [goods?.id ?? null]))[0]?.number;
    const added = await m.gql<{ addToCart: { cart: { lines: { id: string; goods: { id: string } }[] } } }>(
      'mutation($id: ID!) { addToCart(lines: [{ goodsId: $id, number: 2 }]) { cart { lines { id goods { id } } } } }',
      { id: String(goods?.id) },
      auth,
    );
    const lineIds = (added.body.data?.addToCart.cart.lines ?? [])
      .filter((l) => l.goods.id === String(goods?.id))
      .map((l) => l.id);
    const addresses = await m.gql<{ me: { addresses: { id: string }[] } }>('{ me { addresses { id } } }', {}, auth);
    const before = await stock();
    const placed = await m.gql<{ placeOrder: { order: { id: string } | null } }>(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }',
      {
        input: {
          cartLineIds: lineIds,
          addressId: addresses.body.data?.me.addresses[0]?.id,
          idempotencyKey: randomUUID(),
        },
      },
      auth,
    );
    const id = placed.body.data?.placeOrder.order?.id;
    expect(await stock()).toBe((before ?? 0) - 2);

    const wechat = await m.gql<{ payOrder: { order: unknown; userErrors: { code: string; message: string }[] } }>(
      'mutation($id: ID!) { payOrder(orderId: $id, method: WECHAT) { order { id } userErrors { code message } } }',
      { id },
      auth,
    );
    expect(wechat.body.data?.payOrder.order).toBeNull();
    expect(wechat.body.data?.payOrder.userErrors).toEqual([
      { code: 'METHOD_NOT_AVAILABLE', message: expect.stringContaining('暂未开通') },
    ]);

    const cancelled = await m.gql<{ cancelOrder: { order: { status: string } | null } }>(
      'mutation($id: ID!) { cancelOrder(orderId: $id) { order { status } } }',
      { id },
      auth,
    );
    expect(cancelled.body.data?.cancelOrder.order?.status).toBe('CANCELLED');
    expect(await stock()).toBe(before);
  });
});
