import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { preloadForMember } from '../../shared/preload';
import { OrderCard } from './OrderCard';
import { OrderFilesBar } from './OrderFilesBar';
import { OrderSearch } from './OrderSearch';
import { useOrderActions } from './order-actions';
import { ORDER_TABS, ORDERS_PAGE_SIZE, orderListSearch, orderListState, type OrderListState } from './order-tabs';

export const OrderListQuery = graphql(`
  query OrderList(
    $status: OrderStatus
    $confirming: Boolean
    $afterSale: Boolean
    $keyword: String
    $startDate: String
    $endDate: String
    $page: Int
    $pageSize: Int
  ) {
    orders(
      status: $status
      confirming: $confirming
      afterSale: $afterSale
      keyword: $keyword
      startDate: $startDate
      endDate: $endDate
      page: $page
      pageSize: $pageSize
    ) {
      total
      page
      pageSize
      items {
        id
        orderSn
        status
        statusText
        needsReceipt
        receiptDone
        canApplyReturn
        returnCount
        createdAt
        transfer {
          status
        }
        amounts {
          payable {
            ...Price_money
          }
        }
        lines {
          goodsId
          name
          image
          number
        }
      }
    }
  }
`);

export const OrderCountsQuery = graphql(`
  query OrderCounts {
    orderCounts {
      all
      unpaid
      confirming
      paid
      shipped
      done
      cancelled
      afterSale
    }
  }
`);

/** The list's variables for its state read from the address: the loader and the page ask the same. */
function variablesOf(state: OrderListState) {
  return {
    status: state.tab.status,
    confirming: state.tab.confirming === true,
    afterSale: state.tab.afterSale === true,
    keyword: state.keyword || null,
    startDate: state.startDate || null,
    endDate: state.endDate || null,
    page: state.page,
    pageSize: ORDERS_PAGE_SIZE,
  };
}

/** Route loader: the orders and the tabs' counts. */
export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({
      query: OrderListQuery,
      variables: variablesOf(orderListState(params)),
      fetchPolicy: 'network-only',
    }),
    client.query({ query: OrderCountsQuery, fetchPolicy: 'network-only' }),
  ]);
}

const useStyles = makeStyles({
  tabs: { backgroundColor: tokens.colorNeutralBackground1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
});

/** /order (order_wddd_index): the buyer's orders by tab with counts, a search and a date range, ten to a page. */
export default function OrderListPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = orderListState(params);
  const { tab, page } = state;
  // Orders are always fresh (notes): one just paid must show as paid.
  const { data, loading, error } = useQuery(OrderListQuery, {
    variables: variablesOf(state),
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const counts = useQuery(OrderCountsQuery, {
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  }).data?.orderCounts;
  const actions = useOrderActions();

  const go = (next: Partial<OrderListState>) =>
    void navigate({ pathname: '/order', search: orderListSearch({ ...state, ...next }) });
  const reset = () => go({ keyword: '', startDate: '', endDate: '', page: 1 });
  const searching = Boolean(state.keyword || state.startDate || state.endDate);

  return (
    <>
      <SectionHeading>我的订单</SectionHeading>
      <ListTabs
        className={styles.tabs}
        label="订单状态"
        tabs={ORDER_TABS.map((item) => ({
          value: item.key,
          label: item.label,
          count: counts && item.key !== 'all' && counts[item.count] > 0 ? counts[item.count] : null,
        }))}
        selected={tab.key}
        onSelect={(key) => go({ tab: ORDER_TABS.find((t) => t.key === key) ?? tab, page: 1 })}
      />
      <OrderSearch
        key={`${state.keyword}|${state.startDate}|${state.endDate}`}
        state={state}
        onSearch={(next) => go({ ...next, page: 1 })}
      />
      {/* ORDER-15..ORDER-17: the orders this list shows out to the ERP, and the month's statement for finance. */}
      <OrderFilesBar state={state} />
      <ListState
        list={data?.orders}
        loading={loading}
        error={error}
        noun="订单"
        empty={{
          title: searching ? '没有符合条件的订单' : tab.afterSale ? '暂无售后订单' : '暂无订单',
          hint: searching ? <Button onClick={reset}>清除条件</Button> : <Link to="/list">去挑选商品</Link>,
        }}
      >
        {(orders) => (
          <ul className={styles.list} aria-label="订单列表" aria-busy={loading}>
            {orders.items.map((order) => (
              <OrderCard key={order.id} order={order} actions={actions} />
            ))}
          </ul>
        )}
      </ListState>
      <ListPager list={data?.orders} page={page} onGo={(next) => go({ page: next })} unit="个订单" />
      {actions.dialog}
    </>
  );
}
