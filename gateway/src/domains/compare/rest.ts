import type { UpstreamSession } from '../../rest/client';
import type { SameGenericComparisonMapper } from './mappers';

/** COMPARE-03: goods `id`'s generic from every maker; null when the upstream does not know the goods (404). */
export async function fetchSameGeneric(
  upstream: UpstreamSession,
  id: string,
  limit: number,
): Promise<SameGenericComparisonMapper | null> {
  const answer = await upstream.getOrNull('/api/goods/same_generic/{id}', { path: { id }, query: { limit } });
  return answer && answer.data;
}
