import type { FormOf, UpstreamSession } from '../../rest/client';
import type { CartMapper } from './mappers';

type AddLine = FormOf<'/api/cart', 'post'>['params'][number];

/**
 * One line to add, in the upstream's field names; optional ids are left out when the buyer saw none. A seckill
 * line (type 1) is sent as asked: the upstream's 422 refusal is what the buyer reads.
 */
export type CartAddParams = Omit<AddLine, 'type'> & { type?: AddLine['type'] | 1 };

export async function fetchCartList(upstream: UpstreamSession): Promise<CartMapper> {
  return (await upstream.get('/api/cart/list', { query: { filters: 99999, new: 1 } })).data;
}

export async function postAddToCart(upstream: UpstreamSession, lines: CartAddParams[]): Promise<string> {
  const { message } = await upstream.post('/api/cart', { form: { params: lines }, arrayFormat: 'indices' });
  return message;
}

export async function postEditLine(upstream: UpstreamSession, id: string, number: number): Promise<string> {
  const { message } = await upstream.post('/api/cart/{id}/edit', {
    path: { id },
    form: { params: { number }, new: 1 },
  });
  return message;
}

export async function postSelectLines(upstream: UpstreamSession, ids: string[], selected: boolean): Promise<string> {
  const form = { ids, is_selected: selected ? 1 : 0 };
  return (await upstream.post('/api/cart/batch_select', { form })).message;
}

export async function postRemoveLines(upstream: UpstreamSession, ids: string[]): Promise<string> {
  return (await upstream.post('/api/cart/batch_delete', { form: { ids } })).message;
}

export async function fetchStoreAccounts(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/stores')).data;
}

export async function postCopyLines(
  upstream: UpstreamSession,
  ids: string[],
  otherUserIds: string[],
): Promise<{ copied: number; message: string }> {
  const form = { ids, other_user_ids: otherUserIds };
  const { data, message } = await upstream.post('/api/cart/copy', { form });
  return { copied: data.copied, message };
}

/** CART-24: the number of lines, without pricing the cart (GET /api/cart/total). */
export async function fetchCartCount(upstream: UpstreamSession): Promise<number> {
  return (await upstream.get('/api/cart/total')).data.total;
}

/** CART-25: the next cheaper tier from a quantity, asked the way the old client did (POST, query parameters). */
export async function fetchNextTierHint(upstream: UpstreamSession, goodsId: string, number: number) {
  return (await upstream.post('/api/cart/next_hint', { query: { goods_id: goodsId, number } })).data;
}

/** The buyer's unused coupons judged against the lines (all lines when `ids` is undefined). */
export async function fetchCouponOptions(upstream: UpstreamSession, ids: readonly string[] | undefined) {
  const query = ids === undefined ? {} : { ids };
  return (await upstream.get('/api/user/availableCoupon', { query })).data;
}
