import type { FormOf, UpstreamSession } from '../../rest/client';
import type { OrderAfterSaleMapper, ReturnRequestMapper } from './mappers';

export type ReturnForm = FormOf<'/api/order/{id}/return', 'post'>;

/** The after-sales page of an order, or null when there is no such order of the buyer's (404). */
export async function fetchAfterSale(upstream: UpstreamSession, orderId: string): Promise<OrderAfterSaleMapper | null> {
  const answer = await upstream.getOrNull('/api/order/{id}/after_sale', { path: { id: orderId } });
  return answer && answer.data;
}

/** One return of the buyer, or null when there is none of theirs (404). */
export async function fetchReturn(upstream: UpstreamSession, id: string): Promise<ReturnRequestMapper | null> {
  const answer = await upstream.getOrNull('/api/return/{id}', { path: { id } });
  return answer && answer.data;
}

/** Asks for a return. Never retried: the order row's lock and the quantity check make a resubmit a 422, not a second return. */
export async function postReturn(upstream: UpstreamSession, orderId: string, form: ReturnForm) {
  return (await upstream.post('/api/order/{id}/return', { path: { id: orderId }, form })).data;
}
