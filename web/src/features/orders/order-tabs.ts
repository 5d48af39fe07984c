import type { OrderStatus } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';

/** The order centre's tabs, in the order buyers know them; 全部 has no status. */
export const ORDER_TABS: readonly { key: string; label: string; status: OrderStatus | null }[] = [
  { key: 'all', label: '全部', status: null },
  { key: 'UNPAID', label: '待付款', status: 'UNPAID' },
  { key: 'PAID', label: '待发货', status: 'PAID' },
  { key: 'SHIPPED', label: '待收货', status: 'SHIPPED' },
  { key: 'DONE', label: '已完成', status: 'DONE' },
  { key: 'CANCELLED', label: '已取消', status: 'CANCELLED' },
];

export const ORDERS_PAGE_SIZE = 10;

/** The list's state lives in the address (`/order?status=UNPAID&page=2`), so it survives reloads and back. */
export function orderListState(params: URLSearchParams): { status: OrderStatus | null; page: number } {
  const tab = ORDER_TABS.find((item) => item.key === params.get('status'));
  return { status: tab?.status ?? null, page: pageParam(params.get('page')) };
}

export function orderListSearch(status: OrderStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
