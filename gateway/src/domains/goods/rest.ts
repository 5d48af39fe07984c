import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, hasKeys, withLastPage, type PageDto } from '../../paging';

export interface LadderPriceDto {
  number: number;
  /** Integer fen. */
  price: number;
}

export interface GoodsTagDto {
  name: string;
  describe?: string | null;
  is_show?: number;
  /** CSS colour from the upstream's tags table. */
  color?: string;
}

/** The goods object of list, detail and cart answers (docs/rest-api.md). Money fields are integer fen. */
export interface GoodsDto {
  id: number | string;
  name: string;
  sccj: string;
  ypgg?: string | null;
  bzdw?: string | null;
  pzwh?: string | null;
  ck_id?: number | string | null;
  goods_image?: string[] | null;
  is_buy: number;
  number: number;
  is_youx?: number;
  type?: number;
  is_dpby?: number;
  qg_number?: number | null;
  is_free_shipping?: number;
  free_shipping_number?: number | null;
  base_price?: number | null;
  price: number;
  ladder_price?: LadderPriceDto[] | null;
  ladder_price_type?: number;
  tags?: GoodsTagDto[] | null;
  /** YYYY-MM-DD, China date. */
  expire_date?: string | null;
  is_kx?: number;
}

export interface GoodsPageDto {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: GoodsDto[];
}

export interface SuggestionDto {
  id: number | string;
  name: string;
  sccj: string;
}

export interface GoodsListQuery {
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
  sort: 'default' | 'price_asc' | 'price_desc' | 'sales';
}

function isGoods(value: unknown): value is GoodsDto {
  return typeof value === 'object' && value !== null && 'id' in value && 'name' in value;
}

function goodsArray(value: unknown): GoodsDto[] {
  if (!Array.isArray(value)) throw unavailable();
  return value.filter(isGoods);
}

/** One goods, or null when the upstream does not know it (404). */
export async function fetchGoodsDetail(upstream: UpstreamSession, id: string): Promise<GoodsDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/goods/detail/${encodeURIComponent(id)}`);
  if (answer === null) return null;
  if (!isGoods(answer.data)) throw unavailable();
  return answer.data;
}

export async function fetchGoodsList(upstream: UpstreamSession, query: GoodsListQuery): Promise<GoodsPageDto> {
  const { data } = await upstream.get<GoodsPageDto>('/api/goods/list', { ...query });
  if (typeof data !== 'object' || data === null) throw unavailable();
  return { ...data, data: goodsArray(data.data) };
}

export async function fetchSuggestions(
  upstream: UpstreamSession,
  keywords: string,
  type: 1 | 2,
): Promise<SuggestionDto[]> {
  const { data } = await upstream.get<unknown>('/api/goods/search', { keywords, type });
  if (!Array.isArray(data)) throw unavailable();
  return data as SuggestionDto[];
}

export async function fetchHotGoods(upstream: UpstreamSession): Promise<GoodsDto[]> {
  const { data } = await upstream.get<unknown>('/api/goods/hot');
  return goodsArray(data);
}

/** A goods promotion (docs/rest-api.md, GET /api/goods/activities and GET /api/activity). Money in fen. */
export interface ActivityDto {
  id: number | string;
  type: string;
  type_name?: string | null;
  name: string;
  describe?: string | null;
  threshold?: number | null;
  reduce?: number | null;
  discount?: number | null;
  price?: number | null;
  gift_goods_id?: number | string | null;
  gift_goods_name?: string | null;
  gift_number?: number | null;
  start_at: string | number;
  end_at: string | number;
  /** 1 running, 0 upcoming; 2 ended, only for an activity read by itself. */
  status: number;
  /** How many goods take part; only on an activity read by itself (GET /api/activity). */
  goods_count?: number | null;
}

/** The most goods one activities or favourites check may name: a whole page of the list. */
export const MAX_GOODS_PER_CALL = 100;

/** The activities of each goods asked for, in one call; goods the upstream leaves out have none. */
export async function fetchActivities(
  upstream: UpstreamSession,
  ids: readonly string[],
): Promise<Map<string, ActivityDto[]>> {
  const { data } = await upstream.get<unknown>('/api/goods/activities', { goods_ids: ids });
  if (!Array.isArray(data)) throw unavailable();
  const byGoods = new Map<string, ActivityDto[]>();
  for (const entry of data as unknown[]) {
    if (!hasKeys(entry, 'goods_id', 'activities') || !Array.isArray(entry.activities)) throw unavailable();
    byGoods.set(String(entry.goods_id as number | string), entry.activities.filter(isActivity));
  }
  return byGoods;
}

function isActivity(value: unknown): value is ActivityDto {
  return hasKeys(value, 'id', 'type', 'name', 'start_at', 'end_at');
}

/** The most activities GET /api/activity answers by id at once. */
export const MAX_ACTIVITIES_PER_CALL = 50;

/** One activity by itself, ended ones too; null when the upstream does not know it (404). */
export async function fetchActivity(upstream: UpstreamSession, id: string): Promise<ActivityDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/activity/${encodeURIComponent(id)}`);
  if (answer === null) return null;
  if (!isActivity(answer.data)) throw unavailable();
  return answer.data;
}

/**
 * Activities by themselves: those with `ids` (in the order asked, unknown ones left out), or without ids the
 * running and upcoming ones, the soonest to end first.
 */
export async function fetchActivityList(upstream: UpstreamSession, ids?: readonly string[]): Promise<ActivityDto[]> {
  const { data } = await upstream.get<unknown>('/api/activity', ids === undefined ? {} : { ids });
  if (!Array.isArray(data) || !data.every(isActivity)) throw unavailable();
  return data;
}

/** A seckill goods of GET /api/index/spike: the goods with its offer. Money in fen. */
export interface SpikeGoodsDto extends GoodsDto {
  seckill: {
    activity_id: number | string;
    name: string;
    price: number;
    start_at: string | number;
    end_at: string | number;
    /** 1 running, 0 upcoming. */
    status: number;
  };
}

/** A daily special of GET /api/activity/everyday_price: the goods with its special price in fen. */
export interface SpecialPriceGoodsDto extends GoodsDto {
  special_price: number;
}

export type SpecialPricePageDto = PageDto<SpecialPriceGoodsDto>;

export async function fetchSpikeGoods(upstream: UpstreamSession): Promise<SpikeGoodsDto[]> {
  const { data } = await upstream.get<unknown>('/api/index/spike');
  if (!hasKeys(data, 'goods') || !Array.isArray(data.goods)) throw unavailable();
  const goods = data.goods as unknown[];
  if (!goods.every((g) => isGoods(g) && hasKeys(g, 'seckill') && hasKeys(g.seckill, 'price', 'start_at', 'end_at')))
    throw unavailable();
  return goods as SpikeGoodsDto[];
}

export async function fetchEverydayPrice(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<SpecialPricePageDto> {
  const { data } = await upstream.get<unknown>('/api/activity/everyday_price', { ...query });
  return asPage(data, (g): g is SpecialPriceGoodsDto => isGoods(g) && hasKeys(g, 'special_price'));
}

export async function fetchRecommended(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<GoodsPageDto> {
  const { data } = await upstream.get<unknown>(`/api/index_wntj/${query.page}`, { page_size: query.page_size });
  return withLastPage(asPage(data, isGoods));
}

/** A combination group (docs/rest-api.md, Combinations). Money in fen. */
export interface CombinationGroupDto {
  id: number | string;
  /** 1 full-gift (组合满赠), 2 bundle (组合购). */
  type: number;
  name: string;
  describe?: string | null;
  threshold?: number | null;
  gift_goods_id?: number | string | null;
  gift_goods_name?: string | null;
  gift_number?: number | null;
  goods_count: number;
  set_price?: number | null;
  original_price: number;
  start_at: string | number;
  end_at: string | number;
}

/** A goods of a combination with its number in a set and combination unit price (fen, bundles only). */
export interface CombinationGoodsDto extends GoodsDto {
  combination: { number: number; price?: number | null };
}

export interface CombinationDto extends CombinationGroupDto {
  /** Absent on the set a cart line carries (a bundle has no gift). */
  gift_goods?: GoodsDto | null;
  goods: CombinationGoodsDto[];
}

function isCombinationGroup(value: unknown): value is CombinationGroupDto {
  return hasKeys(value, 'id', 'type', 'name', 'goods_count', 'original_price', 'start_at', 'end_at');
}

export async function fetchCombinationGroups(upstream: UpstreamSession, type: 1 | 2): Promise<CombinationGroupDto[]> {
  const { data } = await upstream.get<unknown>('/api/combinationMzhgGroup', { type });
  if (!Array.isArray(data) || !data.every(isCombinationGroup)) throw unavailable();
  return data;
}

/** One group with its goods; null when the upstream knows no such running group (404). */
export async function fetchCombination(upstream: UpstreamSession, id: string): Promise<CombinationDto | null> {
  const answer = await upstream.getOrNull<unknown>('/api/combinationMzhg', { id });
  if (answer === null) return null;
  const { data } = answer;
  if (!isCombinationGroup(data) || !hasKeys(data, 'goods', 'gift_goods') || !Array.isArray(data.goods))
    throw unavailable();
  const goods = data.goods as unknown[];
  if (!goods.every((g) => isGoods(g) && hasKeys(g, 'combination') && hasKeys(g.combination, 'number')))
    throw unavailable();
  if (data.gift_goods !== null && !isGoods(data.gift_goods)) throw unavailable();
  return data as unknown as CombinationDto;
}

/** A goods of GET /api/activity/group_buy with its group offer. Money in fen. */
export interface GroupBuyGoodsDto extends GoodsDto {
  group_buy: {
    id: number | string;
    price: number;
    target_number: number;
    joined_number: number;
    start_at: string | number;
    end_at: string | number;
  };
}

export type GroupBuyPageDto = PageDto<GroupBuyGoodsDto>;

export async function fetchGroupBuyGoods(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<GroupBuyPageDto> {
  const { data } = await upstream.get<unknown>('/api/activity/group_buy', { ...query });
  return asPage(
    data,
    (g): g is GroupBuyGoodsDto =>
      isGoods(g) &&
      hasKeys(g, 'group_buy') &&
      hasKeys(g.group_buy, 'id', 'price', 'target_number', 'joined_number', 'start_at', 'end_at'),
  );
}
