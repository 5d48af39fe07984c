import type { UpstreamSession } from '../../rest/client';
import type { ReorderSuggestionsMapper } from './mappers';

export async function fetchReorder(upstream: UpstreamSession, limit: number): Promise<ReorderSuggestionsMapper> {
  return (await upstream.get('/api/user/reorder', { query: { limit } })).data;
}
