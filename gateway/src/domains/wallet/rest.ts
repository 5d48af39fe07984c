import type { UpstreamSession } from '../../rest/client';

/** A ledger's filter as the upstream reads it: a type code and China-time days. */
export type LedgerQuery = {
  page: number;
  page_size: number;
  start_time?: string;
  end_time?: string;
};

export async function fetchWalletBalance(upstream: UpstreamSession): Promise<number> {
  return (await upstream.get('/api/user/user_money')).data.balance;
}

export async function fetchWalletLog(upstream: UpstreamSession, query: LedgerQuery & { use_type?: 1 | 2 | 3 | 4 }) {
  return (await upstream.get('/api/user/user_money_log', { query })).data;
}

export async function fetchPoints(upstream: UpstreamSession): Promise<number> {
  return (await upstream.get('/api/user/points')).data.points;
}

export async function fetchPointsLog(upstream: UpstreamSession, query: LedgerQuery & { type?: 1 | 2 | 3 }) {
  return (await upstream.get('/api/user/points_log', { query })).data;
}

export async function fetchCouponCounts(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/couponNum')).data;
}

export async function fetchCashVouchers(
  upstream: UpstreamSession,
  query: { status?: 0 | 1 | 2; page: number; page_size: number },
) {
  return (await upstream.get('/api/user/cash_voucher', { query })).data;
}

export async function fetchCashVoucherCounts(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/cashVoucherNum')).data;
}

/** POST /api/user/cash_voucher/{id}/redeem. Never retried: a repeat would only answer 该现金券已使用. */
export async function redeemCashVoucher(upstream: UpstreamSession, id: string) {
  return (await upstream.post('/api/user/cash_voucher/{id}/redeem', { path: { id } })).data;
}

export async function fetchPointsOrders(
  upstream: UpstreamSession,
  query: { status?: 0 | 1 | 2 | 3; page: number; page_size: number },
) {
  return (await upstream.get('/api/user/points_order', { query })).data;
}

export async function fetchOrderReceipts(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/order/receipts', { query })).data;
}
