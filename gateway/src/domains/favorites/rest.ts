import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, withLastPage } from '../../paging';
import type { GoodsDto, GoodsPageDto } from '../goods/rest';

/** What adding or removing favourites answers: the upstream's message and the goods concerned. */
export interface FavoriteChangeDto {
  message: string;
  goods: GoodsDto[];
  /** True after adding, false after removing: what `isFavorite` of these goods now is. */
  favorite: boolean;
}

function isGoods(value: unknown): value is GoodsDto {
  return typeof value === 'object' && value !== null && 'id' in value && 'name' in value;
}

/** Which of `ids` are the buyer's favourites, in one call (GET /api/favorite/check). */
export async function fetchFavoriteIds(upstream: UpstreamSession, ids: readonly string[]): Promise<Set<string>> {
  const { data } = await upstream.get<unknown>('/api/favorite/check', { goods_ids: ids });
  const found = (data as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(found)) throw unavailable();
  return new Set(found.map((id) => String(id as number | string)));
}

export async function fetchFavorites(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<GoodsPageDto> {
  const { data } = await upstream.get<unknown>('/api/favorite', { ...query });
  return withLastPage(asPage(data, isGoods));
}

/** POST /api/favorite (add) or /api/favorite/cancel (remove). Never retried: the client repeats a failed change. */
export async function changeFavorites(
  upstream: UpstreamSession,
  ids: readonly string[],
  favorite: boolean,
): Promise<FavoriteChangeDto> {
  const path = favorite ? '/api/favorite' : '/api/favorite/cancel';
  const { data, message } = await upstream.post<unknown>(path, { goods_ids: ids });
  if (!Array.isArray(data)) throw unavailable();
  return { message, goods: data.filter(isGoods), favorite };
}
