/** The paths between the cart steps (ORDER-01), shared by the cart, checkout and order pages. */

/** The four steps of buying (ORDER-01), as the step indicator above each of their pages names them. */
export const CART_STEPS = ['我的购物车', '确认订单', '支付订单', '支付成功'] as const;

/** The cart page sends the selected lines as `?lines=1,2,3`; anything else in the list is dropped. */
export function lineIdsFromSearch(params: URLSearchParams): string[] {
  const ids = (params.get('lines') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[\w-]+$/.test(id));
  return [...new Set(ids)];
}

export function cartCheckoutPath(lineIds: readonly string[]): string {
  return `/cart/step2?${new URLSearchParams({ lines: lineIds.join(',') }).toString()}`;
}

/** Where a placed order goes next: the receipt step for ephedrine-type goods, else straight to payment. */
export function orderNextPath(order: { id: string; needsReceipt: boolean; receiptDone: boolean }): string {
  return order.needsReceipt && !order.receiptDone
    ? `/cart/hm?${new URLSearchParams({ order: order.id }).toString()}`
    : payPath(order.id);
}

export function payPath(orderId: string): string {
  return `/cart/step3/${encodeURIComponent(orderId)}`;
}

export function donePath(orderId: string): string {
  return `/cart/step4?${new URLSearchParams({ order: orderId }).toString()}`;
}

export function orderPath(orderId: string): string {
  return `/order/info/${encodeURIComponent(orderId)}`;
}
