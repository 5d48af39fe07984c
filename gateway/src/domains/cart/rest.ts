import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import type { CombinationDto, GoodsDto, GroupBuyGoodsDto } from '../goods/rest';

/** A line of GET /api/cart/list. Money fields are integer fen. */
export interface CartLineDto {
  id: number | string;
  number: number;
  price: number;
  raw_price?: number | null;
  is_selected: number;
  /** 0 normal, 1 seckill, 2 group-buy (the marketplace's own), 3 combination; older answers call it goods_type. */
  type?: number | null;
  goods_type?: number | null;
  with_coupon?: number;
  goods_manjian_amount?: number | null;
  /** 1 when the line's combination or group-buy is not running; the upstream's clock decides. */
  is_expired?: number | null;
  /** The set of a combination line, as GET /api/combinationMzhg answers it; absent or null on other lines. */
  combination?: CombinationDto | null;
  /** The offer a group-buy line joins; absent or null on other lines. */
  group_buy?: GroupBuyGoodsDto['group_buy'] | null;
  goods: GoodsDto;
}

export interface ManjianDto {
  id?: number | string;
  amount: number;
  reduce: number;
  status?: number;
}

export interface DiscountDto {
  id?: number | string;
  amount: number;
  /** The percentage paid, e.g. 95 for 95折. */
  discount: number;
  status?: number;
}

export interface CartListDto {
  data: CartLineDto[];
  shipping_data?: { shipping_amount?: number | null; no_trans_order_amount?: number | null } | null;
  activity_data?: { manjians?: ManjianDto[] | null; discounts?: DiscountDto[] | null } | null;
}

/** One line to add, in the upstream's field names; optional ids are left out when the buyer saw none. */
export interface CartAddParams {
  goods_id: string;
  number: number;
  goods_price_id?: string;
  ladder_price_id?: string;
  goods_manjian_id?: string;
  is_yj?: 0 | 1;
  type?: 0 | 1 | 2 | 3;
}

/** Activity lines: sets of a combination purchase (type 3) or a group-buy join (type 2). */
export type ActivityAddParams =
  { type: 3; combination_id: string; number: number } | { type: 2; group_buy_id: string; number: number };

export async function fetchCartList(upstream: UpstreamSession): Promise<CartListDto> {
  const { data } = await upstream.get<CartListDto>('/api/cart/list', { filters: 99999, new: 1 });
  if (typeof data !== 'object' || data === null || !Array.isArray(data.data)) throw unavailable();
  return data;
}

export async function postAddToCart(
  upstream: UpstreamSession,
  lines: (CartAddParams | ActivityAddParams)[],
): Promise<string> {
  const { message } = await upstream.post('/api/cart', { params: lines }, { arrayFormat: 'indices' });
  return message;
}

export async function postEditLine(upstream: UpstreamSession, id: string, number: number): Promise<string> {
  const { message } = await upstream.post(`/api/cart/${encodeURIComponent(id)}/edit`, { params: { number }, new: 1 });
  return message;
}

export async function postSelectLines(upstream: UpstreamSession, ids: string[], selected: boolean): Promise<string> {
  const { message } = await upstream.post('/api/cart/batch_select', { ids, is_selected: selected ? 1 : 0 });
  return message;
}

export async function postRemoveLines(upstream: UpstreamSession, ids: string[]): Promise<string> {
  const { message } = await upstream.post('/api/cart/batch_delete', { ids });
  return message;
}

export interface StoreAccountDto {
  id: number | string;
  username: string;
  name?: string | null;
}

export async function fetchStoreAccounts(upstream: UpstreamSession): Promise<StoreAccountDto[]> {
  const { data } = await upstream.get<StoreAccountDto[]>('/api/user/stores');
  if (!Array.isArray(data)) throw unavailable();
  return data;
}

export async function postCopyLines(
  upstream: UpstreamSession,
  ids: string[],
  otherUserIds: string[],
): Promise<{ copied: number; message: string }> {
  const { data, message } = await upstream.post<{ copied?: number }>('/api/cart/copy', {
    ids,
    other_user_ids: otherUserIds,
  });
  return { copied: typeof data?.copied === 'number' ? data.copied : 0, message };
}
