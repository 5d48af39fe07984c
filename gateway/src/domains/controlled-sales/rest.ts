import type { UpstreamSession } from '../../rest/client';

export async function fetchControlledSalesSeries(upstream: UpstreamSession) {
  return (await upstream.get('/api/goods/kx_categories')).data;
}

/** The controlled-sales advertisements with these ids, in the upstream's order (the order asked). */
export async function fetchControlledSalesAds(upstream: UpstreamSession, ids: readonly string[]) {
  return (await upstream.get('/api/focus/kxzq_ad', { query: { ids } })).data;
}
