import type { FormOf, UpstreamSession } from '../../rest/client';
import type { OrderMapper } from './mappers';

export type PlaceOrderForm = FormOf<'/api/order', 'post'>;

export interface OrderListQuery {
  status?: 0 | 1 | 2 | 3 | 4;
  /** AFTER-02: 1 for the 售后 tab. */
  after_sale?: 0 | 1;
  /** ORDER-14: 1 for the 待确认 tab. */
  confirming?: 0 | 1;
  keyword?: string;
  start_date?: string;
  end_date?: string;
  page: number;
  page_size: number;
}

export async function postCheckout(
  upstream: UpstreamSession,
  cartLineIds: string[],
  couponId: string | null = null,
  bestCoupon = false,
) {
  const form = {
    ids: cartLineIds,
    new: 1,
    user_coupon_id: couponId,
    best_coupon: bestCoupon && couponId === null ? 1 : null,
  };
  return (await upstream.post('/api/cart/checkout', { form })).data;
}

/** Creates the order. Never retried (the client never repeats a POST); the idempotency key makes a resubmit safe. */
export async function postOrder(upstream: UpstreamSession, form: PlaceOrderForm): Promise<OrderMapper> {
  return (await upstream.post('/api/order', { form })).data;
}

export async function fetchOrders(upstream: UpstreamSession, query: OrderListQuery) {
  return (await upstream.get('/api/order', { query: { ...query } })).data;
}

/** One order of the buyer, or null when there is none of theirs (404). */
export async function fetchOrder(upstream: UpstreamSession, id: string): Promise<OrderMapper | null> {
  const answer = await upstream.getOrNull('/api/order/{id}', { path: { id } });
  return answer && answer.data;
}

/** The pay page of an order, or null when there is no such order of the buyer's (404). */
export async function fetchPayInfo(upstream: UpstreamSession, id: string) {
  const answer = await upstream.getOrNull('/api/order/{id}/pay', { path: { id } });
  return answer && answer.data;
}

/** A change of an order (pay, receipt, cancel) answers the order as it now is. */
export async function postPay(upstream: UpstreamSession, id: string, method: string, payPassword?: string) {
  const form = payPassword === undefined ? { method } : { method, pay_password: payPassword };
  return (await upstream.post('/api/order/{id}/pay', { path: { id }, form })).data;
}

export async function postReceipt(
  upstream: UpstreamSession,
  id: string,
  form: { name: string; id_card: string },
): Promise<OrderMapper> {
  return (await upstream.post('/api/order/{id}/receipt', { path: { id }, form })).data;
}

export async function postCancel(upstream: UpstreamSession, id: string): Promise<OrderMapper> {
  return (await upstream.post('/api/order/{id}/cancel', { path: { id } })).data;
}

/** AFTER-02: the counts of the order centre's tabs, one call. */
export async function fetchOrderCounts(upstream: UpstreamSession) {
  return (await upstream.get('/api/order/counts')).data;
}

export async function postReceive(upstream: UpstreamSession, id: string): Promise<OrderMapper> {
  return (await upstream.post('/api/order/{id}/receive', { path: { id } })).data;
}

export async function postBuyAgain(upstream: UpstreamSession, id: string) {
  return (await upstream.post('/api/order/{id}/rebuy', { path: { id } })).data;
}
