import type { UpstreamSession } from '../../rest/client';
import type { QuickPurchasePageMapper, RebuyPreviewMapper } from './mappers';

export type FastBuyOrder = 'last' | 'times' | 'name';

export async function fetchFastBuy(
  upstream: UpstreamSession,
  query: { page: number; page_size: number; order: FastBuyOrder; keyword?: string },
): Promise<QuickPurchasePageMapper> {
  return (await upstream.get('/api/user/fast_buy', { query })).data;
}

/** Never retried: the client never repeats a POST, so one click adds once. */
export async function postQuickAdd(upstream: UpstreamSession, goodsId: string, number: number | null) {
  const form = number === null ? {} : { number };
  return (await upstream.post('/api/cart/quick_add/{goods_id}', { path: { goods_id: goodsId }, form })).message;
}

export async function fetchRebuyPreview(upstream: UpstreamSession, orderId: string): Promise<RebuyPreviewMapper> {
  return (await upstream.get('/api/order/{id}/rebuy_preview', { path: { id: orderId } })).data;
}
