/**
 * The after-sales pages (AFTER-08): /order/afterSalesInfo/{orderId} is an order's after-sales page (ask per line,
 * the order's requests), /order/returnInfo/{returnId} one request with its states and refund.
 */
export const afterSalesPath = (orderId: string) => `/order/afterSalesInfo/${encodeURIComponent(orderId)}`;

export const returnPath = (returnId: string) => `/order/returnInfo/${encodeURIComponent(returnId)}`;
