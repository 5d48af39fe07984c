/** FIRST-06: the gateway's address of the documents of an order or of goods, by their ids. */
export function firstBusinessHref(of: { orderId: string } | { goodsIds: readonly string[] }): string {
  const query = new URLSearchParams('orderId' in of ? { order: of.orderId } : { goods: of.goodsIds.join(',') });
  return `/first-business/documents.zip?${query.toString()}`;
}
