import type {
  CashVoucherStatus,
  PointsLogType,
  PointsOrderStatus,
  Resolvers,
  WalletLogType,
} from '../../generated/resolvers';
import { isRecordId } from '@pharma/domain/validation';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import {
  fetchCashVoucherCounts,
  fetchCashVouchers,
  fetchOrderReceipts,
  fetchPointsLog,
  fetchPointsOrders,
  fetchWalletLog,
  redeemCashVoucher,
  type LedgerQuery,
} from './rest';

const LOG_TYPES: Record<number, WalletLogType> = { 1: 'RECHARGE', 2: 'ORDER_PAYMENT', 3: 'REFUND', 4: 'CASHBACK' };
const LOG_CODES: Record<WalletLogType, 1 | 2 | 3 | 4> = { RECHARGE: 1, ORDER_PAYMENT: 2, REFUND: 3, CASHBACK: 4 };
const POINTS_TYPES: Record<number, PointsLogType> = { 1: 'EARNED', 2: 'SPENT', 3: 'ADJUSTED' };
const POINTS_CODES: Record<PointsLogType, 1 | 2 | 3> = { EARNED: 1, SPENT: 2, ADJUSTED: 3 };
const VOUCHER_STATUSES: Record<number, CashVoucherStatus> = { 0: 'USABLE', 1: 'USED', 2: 'EXPIRED', 3: 'NOT_STARTED' };
// Not-yet-valid vouchers are listed with the usable ones (the 可使用 tab): the upstream has no filter of its own for them.
const VOUCHER_CODES: Record<CashVoucherStatus, 0 | 1 | 2> = { USABLE: 0, NOT_STARTED: 0, USED: 1, EXPIRED: 2 };
const ORDER_STATUSES: Record<number, PointsOrderStatus> = { 0: 'TO_SHIP', 1: 'SHIPPED', 2: 'DONE', 3: 'CANCELLED' };
const ORDER_CODES: Record<PointsOrderStatus, 0 | 1 | 2 | 3> = { TO_SHIP: 0, SHIPPED: 1, DONE: 2, CANCELLED: 3 };

const PAGE_MAX = 50;

/** The paging and China-time days of a ledger; the day rules (format, order) are the upstream's (WALLET-03). */
function ledgerQuery(args: { page: number; pageSize: number; from?: string | null; to?: string | null }): LedgerQuery {
  checkPaging(args.page, args.pageSize, PAGE_MAX);
  const query: LedgerQuery = { page: args.page, page_size: args.pageSize };
  const from = args.from?.trim();
  const to = args.to?.trim();
  if (from) query.start_time = from;
  if (to) query.end_time = to;
  return query;
}

const pageNumbers = {
  page: (page: { current_page: number }) => page.current_page,
  pageSize: (page: { per_page: number }) => page.per_page,
};

export const walletResolvers: Resolvers = {
  Mutation: {
    redeemCashVoucher: (_parent, { id }, { upstream }) => {
      const voucherId = id.trim();
      // Checked here so that an id never becomes a different upstream path.
      if (!isRecordId(voucherId)) throw badUserInput({ id: ['现金券不存在'] });
      return redeemCashVoucher(upstream, voucherId);
    },
  },
  User: {
    wallet: () => ({}),
    pointsOrders: (_user, { status, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, PAGE_MAX);
      return fetchPointsOrders(upstream, {
        ...(status ? { status: ORDER_CODES[status] } : {}),
        page,
        page_size: pageSize,
      });
    },
    orderReceipts: (_user, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, PAGE_MAX);
      return fetchOrderReceipts(upstream, { page, page_size: pageSize });
    },
  },
  Wallet: {
    balance: (_wallet, _args, { loaders }) => loaders.walletBalance.get(),
    log: (_wallet, args, { upstream }) =>
      fetchWalletLog(upstream, { ...ledgerQuery(args), ...(args.type ? { use_type: LOG_CODES[args.type] } : {}) }),
    points: (_wallet, _args, { loaders }) => loaders.points.get(),
    pointsLog: (_wallet, args, { upstream }) =>
      fetchPointsLog(upstream, { ...ledgerQuery(args), ...(args.type ? { type: POINTS_CODES[args.type] } : {}) }),
    couponCounts: (_wallet, _args, { loaders }) => loaders.couponCounts.get(),
    cashVouchers: (_wallet, { status, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, PAGE_MAX);
      return fetchCashVouchers(upstream, {
        ...(status ? { status: VOUCHER_CODES[status] } : {}),
        page,
        page_size: pageSize,
      });
    },
    cashVoucherCounts: (_wallet, _args, { upstream }) => fetchCashVoucherCounts(upstream),
  },
  WalletLogEntry: {
    id: (entry) => String(entry.id),
    amount: (entry) => entry.amount,
    balanceAfter: (entry) => entry.balance_after,
    type: (entry) => fromUpstreamCode(LOG_TYPES, entry.use_type),
    remark: (entry) => entry.remark ?? '',
    orderId: (entry) => (entry.order_id === null ? null : String(entry.order_id)),
    createdAt: (entry) => toDateTime(entry.created_at),
  },
  WalletLogPage: {
    ...pageNumbers,
    items: (page) => page.data,
    totalIn: (page) => page.total_in,
    totalOut: (page) => page.total_out,
  },
  PointsLogEntry: {
    id: (entry) => String(entry.id),
    balanceAfter: (entry) => entry.balance_after,
    type: (entry) => fromUpstreamCode(POINTS_TYPES, entry.type),
    orderId: (entry) => (entry.order_id === null ? null : String(entry.order_id)),
    pointsOrderId: (entry) => (entry.points_order_id === null ? null : String(entry.points_order_id)),
    createdAt: (entry) => toDateTime(entry.created_at),
  },
  PointsLogPage: {
    ...pageNumbers,
    items: (page) => page.data,
    totalIn: (page) => page.total_in,
    totalOut: (page) => page.total_out,
  },
  CashVoucher: {
    id: (voucher) => String(voucher.id),
    startsAt: (voucher) => toDateTime(voucher.start_at),
    endsAt: (voucher) => toDateTime(voucher.end_at),
    status: (voucher) => fromUpstreamCode(VOUCHER_STATUSES, voucher.status),
    usedAt: (voucher) => (voucher.used_at === null ? null : toDateTime(voucher.used_at)),
  },
  CashVoucherPage: { ...pageNumbers, items: (page) => page.data },
  CashVoucherCounts: {
    usable: (counts) => counts.unused,
    usableAmount: (counts) => counts.unused_amount,
  },
  PointsOrder: {
    id: (order) => String(order.id),
    orderSn: (order) => order.order_sn,
    goodsName: (order) => order.goods_name,
    goodsImage: (order) => order.goods_image || null,
    unitPoints: (order) => order.unit_points,
    status: (order) => fromUpstreamCode(ORDER_STATUSES, order.status),
    createdAt: (order) => toDateTime(order.created_at),
  },
  PointsOrderPage: { ...pageNumbers, items: (page) => page.data },
  OrderReceipt: {
    orderId: (receipt) => String(receipt.order_id),
    orderSn: (receipt) => receipt.order_sn,
    orderCreatedAt: (receipt) => toDateTime(receipt.order_created_at),
    idCardMasked: (receipt) => receipt.id_card,
    confirmedAt: (receipt) => toDateTime(receipt.created_at),
  },
  ReceiptGoods: {
    spec: (goods) => goods.ypgg,
    quantity: (goods) => goods.number,
  },
  OrderReceiptPage: { ...pageNumbers, items: (page) => page.data },
};
