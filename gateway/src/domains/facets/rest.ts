import type { Schemas, UpstreamSession } from '../../rest/client';
import type { GoodsListQuery } from '../goods/rest';

/** The scope and choices of a list, less its paging and order. */
export type FacetsQuery = Omit<GoodsListQuery, 'page' | 'page_size' | 'sort'>;

export async function fetchGoodsFacets(upstream: UpstreamSession, query: FacetsQuery): Promise<Schemas['GoodsFacets']> {
  return (await upstream.get('/api/goods/facets', { query: { ...query } })).data;
}
