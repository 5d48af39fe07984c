import type { OrderCountsQuery, OrderStatus } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';

export interface OrderTab {
  key: string;
  label: string;
  status: OrderStatus | null;
  /** The 售后 tab: orders with after-sales requests, whatever their status. */
  afterSale?: boolean;
  /** The 待确认 tab: unpaid orders whose transfer slip waits for the platform (PAY-06, ORDER-14). */
  confirming?: boolean;
  /** Which count of OrderCounts the tab shows. */
  count: Exclude<keyof OrderCountsQuery['orderCounts'], '__typename'>;
}

/**
 * The order centre's tabs (ORDER-10, AFTER-02), in the order buyers know them; 全部 has no status. ORDER-14: an order
 * reading 待确认 (its transfer slip waits) is listed under 待确认, not 待付款, though both are unpaid.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'all', label: '全部', status: null, count: 'all' },
  { key: 'UNPAID', label: '待付款', status: 'UNPAID', count: 'unpaid' },
  { key: 'CONFIRMING', label: '待确认', status: null, confirming: true, count: 'confirming' },
  { key: 'PAID', label: '待发货', status: 'PAID', count: 'paid' },
  { key: 'SHIPPED', label: '待收货', status: 'SHIPPED', count: 'shipped' },
  { key: 'DONE', label: '已完成', status: 'DONE', count: 'done' },
  { key: 'CANCELLED', label: '已取消', status: 'CANCELLED', count: 'cancelled' },
  { key: 'AFTER_SALE', label: '售后', status: null, afterSale: true, count: 'afterSale' },
];

export const ORDERS_PAGE_SIZE = 10;

/** What the order list shows: its tab, search, date range and page. */
export interface OrderListState {
  tab: OrderTab;
  keyword: string;
  /** YYYY-MM-DD, China time, or '' for none. */
  startDate: string;
  endDate: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value !== null && DAY.test(value) ? value : '');
const ALL: OrderTab = { key: 'all', label: '全部', status: null, count: 'all' };

/**
 * The list's state lives in the address (`/order?status=SHIPPED&q=感冒&from=2026-11-01&page=2`), so it survives
 * reloads and back.
 */
export function orderListState(params: URLSearchParams): OrderListState {
  return {
    tab: ORDER_TABS.find((item) => item.key === params.get('status')) ?? ORDER_TABS[0] ?? ALL,
    keyword: (params.get('q') ?? '').trim().slice(0, 50),
    startDate: day(params.get('from')),
    endDate: day(params.get('to')),
    page: pageParam(params.get('page')),
  };
}

export function orderListSearch(state: Omit<OrderListState, 'tab'> & { tab: { key: string } }): string {
  const params = new URLSearchParams();
  if (state.tab.key !== 'all') params.set('status', state.tab.key);
  if (state.keyword) params.set('q', state.keyword);
  if (state.startDate) params.set('from', state.startDate);
  if (state.endDate) params.set('to', state.endDate);
  if (state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
