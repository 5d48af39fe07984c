import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';

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
  yx?: 1;
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
