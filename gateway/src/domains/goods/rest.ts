import { idListQuery, type Schemas, type UpstreamSession } from '../../rest/client';
import type { GoodsActivityMapper } from './mappers';
import type { FacetListQuery } from '../facets/query';

/** FACET-01: the list takes the chosen facets' values too (cat[]=...). */
export interface GoodsListQuery extends FacetListQuery {
  keywords?: string;
  type: 1 | 2;
  category_id?: string;
  brand_id?: string;
  activity_id?: string;
  yx?: 1;
  is_jxq?: 1;
  is_kx?: 1;
  zy?: 1;
  qx?: 1;
  page: number;
  page_size: number;
  sort: 'default' | 'price_asc' | 'price_desc' | 'sales' | 'unit_price_asc' | 'maker' | 'expiry';
}

/** One goods, or null when the upstream does not know it (404). */
export async function fetchGoodsDetail(upstream: UpstreamSession, id: string): Promise<Schemas['Goods'] | null> {
  const answer = await upstream.getOrNull('/api/goods/detail/{id}', { path: { id } });
  return answer && answer.data;
}

export async function fetchGoodsList(upstream: UpstreamSession, query: GoodsListQuery) {
  return (await upstream.get('/api/goods/list', { query: { ...query } })).data;
}

export async function fetchSuggestions(upstream: UpstreamSession, keywords: string, type: 1 | 2) {
  return (await upstream.get('/api/goods/search', { query: { keywords, type } })).data;
}

export async function fetchHotGoods(upstream: UpstreamSession) {
  return (await upstream.get('/api/goods/hot')).data;
}

/** The most goods one activities or favourites check may name: a whole page of the list. */
export const MAX_GOODS_PER_CALL = 100;

/** The activities of each goods asked for, in one call; goods the upstream leaves out have none. */
export async function fetchActivities(
  upstream: UpstreamSession,
  ids: readonly string[],
): Promise<Map<string, GoodsActivityMapper[]>> {
  const { data } = await upstream.get('/api/goods/activities', { query: idListQuery('goods_ids', ids) });
  return new Map(data.map((entry) => [String(entry.goods_id), entry.activities]));
}

/** The most activities GET /api/activity answers by id at once. */
export const MAX_ACTIVITIES_PER_CALL = 50;

/** One activity by itself, ended ones too; null when the upstream does not know it (404). */
export async function fetchActivity(upstream: UpstreamSession, id: string): Promise<GoodsActivityMapper | null> {
  const answer = await upstream.getOrNull('/api/activity/{id}', { path: { id } });
  return answer && answer.data;
}

/**
 * Activities by themselves: those with `ids` (in the order asked, unknown ones left out), or without ids the
 * running and upcoming ones, the soonest to end first.
 */
export async function fetchActivityList(
  upstream: UpstreamSession,
  ids?: readonly string[],
): Promise<GoodsActivityMapper[]> {
  return (await upstream.get('/api/activity', { query: ids === undefined ? {} : { ids } })).data;
}

export async function fetchSpikeGoods(upstream: UpstreamSession) {
  return (await upstream.get('/api/index/spike')).data.goods;
}

export async function fetchEverydayPrice(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/activity/everyday_price', { query })).data;
}

export async function fetchRecommended(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  const options = { path: { page: query.page }, query: { page_size: query.page_size } };
  return (await upstream.get('/api/index_wntj/{page}', options)).data;
}

export async function fetchCombinationGroups(upstream: UpstreamSession, type: 1 | 2) {
  return (await upstream.get('/api/combinationMzhgGroup', { query: { type } })).data;
}

/** One group with its goods; null when the upstream knows no such running group (404). */
export async function fetchCombination(upstream: UpstreamSession, id: string) {
  const answer = await upstream.getOrNull('/api/combinationMzhg', { query: { id } });
  return answer && answer.data;
}

export async function fetchGroupBuyGoods(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/activity/group_buy', { query })).data;
}

/** CATALOG-11: one tap on an activity, counted by the upstream (POST /api/activity/tap). Never retried. */
export async function tapActivity(upstream: UpstreamSession, id: string): Promise<void> {
  await upstream.post('/api/activity/tap', { form: { id } });
}
