import type { UpstreamSession } from '../../rest/client';
import type { PointsExchangeForm, PointsGoodsPageMapper } from './mappers';

/** GET /api/points/goods: the shelf, open to visitors (a signed-in buyer's answer adds the pieces they took). */
export async function fetchPointsGoods(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<PointsGoodsPageMapper> {
  return (await upstream.get('/api/points/goods', { query })).data;
}

/** POST /api/points/exchange. Never retried: a repeat would be a second exchange. */
export async function postExchange(upstream: UpstreamSession, form: PointsExchangeForm) {
  return (await upstream.post('/api/points/exchange', { form })).data;
}
