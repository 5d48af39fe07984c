import type { UpstreamSession } from '../../rest/client';

export async function fetchCurrentDraw(upstream: UpstreamSession) {
  return (await upstream.get('/api/draw/simple')).data;
}

export async function fetchDrawActivity(upstream: UpstreamSession, id: string) {
  const answer = await upstream.getOrNull('/api/draw/{id}/activity', { path: { id } });
  return answer && answer.data;
}

export async function fetchDrawWins(upstream: UpstreamSession, id: string) {
  return (await upstream.get('/api/draw/new_record', { query: { id } })).data;
}

export async function fetchDrawRecords(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/draw/record', { query })).data;
}

export async function drawOnce(upstream: UpstreamSession, id: string) {
  return (await upstream.get('/api/draw', { query: { id } })).data;
}

/** The draw page's advertisements (GET /api/draw/ads); the id is sent as the old client sent it. */
export async function fetchDrawAds(upstream: UpstreamSession, id: string) {
  return (await upstream.get('/api/draw/ads', { query: { id } })).data;
}
