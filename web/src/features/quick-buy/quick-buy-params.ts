import type { QuickPurchaseOrder } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';

/** QUICK-02: the sorts the page offers, with the words of its sort menu; the first is the default. */
export const QUICK_ORDERS: readonly { value: string; order: QuickPurchaseOrder; label: string }[] = [
  { value: 'last', order: 'LAST_BOUGHT', label: '最近购买' },
  { value: 'times', order: 'TIMES_BOUGHT', label: '购买次数' },
  { value: 'name', order: 'NAME', label: '商品名称' },
];

export interface QuickBuyState {
  /** The sort's address value (last, times, name). */
  sort: string;
  order: QuickPurchaseOrder;
  keyword: string;
  page: number;
}

/** The list's state from its address (?order=times&keyword=…&page=2), so a reload or a shared link shows the same. */
export function quickBuyState(params: URLSearchParams): QuickBuyState {
  const sort = QUICK_ORDERS.find((o) => o.value === params.get('order')) ?? QUICK_ORDERS[0];
  return {
    sort: sort?.value ?? 'last',
    order: sort?.order ?? 'LAST_BOUGHT',
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    page: pageParam(params.get('page')),
  };
}

/** The address's query for a state; defaults are left out. */
export function quickBuySearch(state: Pick<QuickBuyState, 'sort' | 'keyword' | 'page'>): string {
  const search = new URLSearchParams();
  if (state.sort !== 'last') search.set('order', state.sort);
  if (state.keyword) search.set('keyword', state.keyword);
  if (state.page > 1) search.set('page', String(state.page));
  return search.toString();
}
