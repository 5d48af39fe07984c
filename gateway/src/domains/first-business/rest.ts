import type { UpstreamSession } from '../../rest/client';
import type { FirstBusinessTakenPageMapper } from './mappers';

/** FIRST-05: a page of the goods whose documents the buyer's company took (GET /api/first_business/taken). */
export async function fetchFirstBusinessTaken(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<FirstBusinessTakenPageMapper> {
  return (await upstream.get('/api/first_business/taken', { query })).data;
}
