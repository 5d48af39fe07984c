import type { FormOf, UpstreamSession } from '../../rest/client';

export type TransferForm = FormOf<'/api/order/{id}/transfer', 'post'>;

/** Sends the slip of a bank transfer; answers the order as it now is, waiting for confirmation. */
export async function postTransfer(upstream: UpstreamSession, orderId: string, form: TransferForm) {
  return (await upstream.post('/api/order/{id}/transfer', { path: { id: orderId }, form })).data;
}
