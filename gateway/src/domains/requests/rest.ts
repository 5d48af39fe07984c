import type { FormOf, UpstreamSession } from '../../rest/client';
import type { FeedbackMapper, FeedbackPageMapper, VarietyRequestMapper, VarietyRequestPageMapper } from './mappers';

export type VarietyRequestForm = FormOf<'/api/user/buy', 'post'>;
export type FeedbackForm = FormOf<'/api/user/feedback', 'post'>;
export type UpstreamFeedbackType = FeedbackForm['type'];

export async function fetchVarietyRequests(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<VarietyRequestPageMapper> {
  return (await upstream.get('/api/user/buy', { query })).data;
}

/** One request of the buyer, or null when there is none of theirs (404). */
export async function fetchVarietyRequest(upstream: UpstreamSession, id: string): Promise<VarietyRequestMapper | null> {
  const answer = await upstream.getOrNull('/api/user/buy/{id}', { path: { id } });
  return answer && answer.data;
}

/** Files a request. Never retried: a resubmit of a pending variety is refused (REQ-02), not filed twice. */
export async function postVarietyRequest(
  upstream: UpstreamSession,
  form: VarietyRequestForm,
): Promise<VarietyRequestMapper> {
  return (await upstream.post('/api/user/buy', { form })).data;
}

export async function fetchFeedback(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<FeedbackPageMapper> {
  return (await upstream.get('/api/user/feedback', { query })).data;
}

export async function postFeedback(upstream: UpstreamSession, form: FeedbackForm): Promise<FeedbackMapper> {
  return (await upstream.post('/api/user/feedback', { form })).data;
}
