import type { UpstreamSession } from '../../rest/client';

export async function fetchFocusCommon(upstream: UpstreamSession) {
  return (await upstream.get('/api/focus/common')).data;
}

/** `slot` is a path segment of /api/focus/{slot}; null is the home carousel at /api/focus. */
export async function fetchBanners(upstream: UpstreamSession, slot: string | null) {
  const answer =
    slot === null ? await upstream.get('/api/focus') : await upstream.get('/api/focus/{slot}', { path: { slot } });
  return answer.data;
}

export async function fetchLinks(upstream: UpstreamSession) {
  return (await upstream.get('/api/global/links')).data;
}

/** INFO-08: the marketplace's seller, from the upstream's configuration. */
export async function fetchSeller(upstream: UpstreamSession) {
  return (await upstream.get('/api/global/seller')).data;
}

/** Help articles live in article category 3 (SHELL-07). */
export async function fetchHelpCategories(upstream: UpstreamSession) {
  return (await upstream.get('/api/article/category', { query: { category_id: 3 } })).data;
}

/** One brand (GET /api/focus/brand/{id}), or null when the upstream does not know it (404). */
export async function fetchBrand(upstream: UpstreamSession, id: string) {
  const answer = await upstream.getOrNull('/api/focus/brand/{id}', { path: { id } });
  return answer && answer.data;
}

/** `type` (INFO-05) left out lists every post. */
export async function fetchNewsPosts(
  upstream: UpstreamSession,
  query: { page: number; page_size: number; type?: 1 | 2 },
) {
  return (await upstream.get('/api/focus/postList', { query })).data;
}
