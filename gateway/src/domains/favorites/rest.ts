import { idListQuery, type UpstreamSession } from '../../rest/client';
import type { FavoritePayloadMapper } from './mappers';

/** Which of `ids` are the buyer's favourites, in one call (GET /api/favorite/check). */
export async function fetchFavoriteIds(upstream: UpstreamSession, ids: readonly string[]): Promise<Set<string>> {
  const { data } = await upstream.get('/api/favorite/check', { query: idListQuery('goods_ids', ids) });
  return new Set(data.ids.map(String));
}

export async function fetchFavorites(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/favorite', { query })).data;
}

/** POST /api/favorite (add) or /api/favorite/cancel (remove). Never retried: the client repeats a failed change. */
export async function changeFavorites(
  upstream: UpstreamSession,
  ids: readonly string[],
  favorite: boolean,
): Promise<FavoritePayloadMapper> {
  const form = { goods_ids: ids };
  const { data, message } = favorite
    ? await upstream.post('/api/favorite', { form })
    : await upstream.post('/api/favorite/cancel', { form });
  return { message, goods: data, favorite };
}
