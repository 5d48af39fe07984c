import type { UpstreamSession } from '../../rest/client';
import type { CampaignGoodsPageMapper, CampaignMapper } from './mappers';

/** The running (else next) campaign of a kind; null when there is none (404). */
export async function fetchCurrentCampaign(
  upstream: UpstreamSession,
  kind: 'cashback' | 'welfare' | 'hub',
): Promise<CampaignMapper | null> {
  const answer = await upstream.getOrNull('/api/campaign/current/{kind}', { path: { kind } });
  return answer && answer.data;
}

/** One campaign that has not ended; null when unknown or ended (404). */
export async function fetchCampaign(upstream: UpstreamSession, id: string): Promise<CampaignMapper | null> {
  const answer = await upstream.getOrNull('/api/campaign/{id}', { path: { id } });
  return answer && answer.data;
}

export async function fetchCampaignGoods(
  upstream: UpstreamSession,
  id: string,
  query: { page: number; page_size: number; section_id?: string },
): Promise<CampaignGoodsPageMapper> {
  return (await upstream.get('/api/campaign/{id}/goods', { path: { id }, query })).data;
}
