import type { UpstreamSession } from '../../rest/client';

/** One help article (GET /api/article/{id}), or null when the upstream does not know it (404). */
export async function fetchArticle(upstream: UpstreamSession, id: number) {
  const answer = await upstream.getOrNull('/api/article/{id}', { path: { id } });
  return answer && answer.data;
}

/** The article of a fixed page (GET /api/article/code/{code}, INFO-04), or null when there is none. */
export async function fetchArticleByCode(upstream: UpstreamSession, code: string) {
  const answer = await upstream.getOrNull('/api/article/code/{code}', { path: { code } });
  return answer && answer.data;
}

/** One published news post with its neighbours (GET /api/focus/post/{id}), or null when there is none. */
export async function fetchNewsPost(upstream: UpstreamSession, id: number) {
  const answer = await upstream.getOrNull('/api/focus/post/{id}', { path: { id } });
  return answer && answer.data;
}
