import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, Field, Input, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsImage } from '../../components/GoodsImage';
import { Pager } from '../../components/Pager';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderNextPath, orderPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { preloadForMember } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
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

/** Lines shown per order in the list; the detail page has them all. */
const PREVIEW_LINES = 4;

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', marginBottom: tokens.spacingVerticalM, backgroundColor: tokens.colorNeutralBackground1 },
  search: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    padding: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  keyword: { flexGrow: 1, minWidth: '200px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  order: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
  },
  status: { marginLeft: 'auto', color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  body: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    padding: tokens.spacingHorizontalM,
  },
  goods: { display: 'flex', gap: tokens.spacingHorizontalS, flexGrow: 1, minWidth: 0, overflow: 'hidden' },
  more: { alignSelf: 'center', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  afterSale: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
});

/** The search by order number or goods name and the date range; it starts from what the address says. */
function OrderSearch({
  state,
  onSearch,
}: {
  state: OrderListState;
  onSearch: (next: Pick<OrderListState, 'keyword' | 'startDate' | 'endDate'>) => void;
}) {
  const styles = useStyles();
  const [keyword, setKeyword] = useState(state.keyword);
  const [startDate, setStartDate] = useState(state.startDate);
  const [endDate, setEndDate] = useState(state.endDate);
  const searching = Boolean(state.keyword || state.startDate || state.endDate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A range typed backwards is read the right way round.
    const [from, to] = startDate && endDate && startDate > endDate ? [endDate, startDate] : [startDate, endDate];
    onSearch({ keyword: keyword.trim(), startDate: from, endDate: to });
  };
  return (
    <form className={styles.search} role="search" aria-label="搜索订单" onSubmit={submit}>
      <Field label="订单号或商品名称" className={styles.keyword}>
        <Input
          value={keyword}
          maxLength={50}
          placeholder="输入订单号或商品名称"
          onChange={(_e, d) => setKeyword(d.value)}
        />
      </Field>
      <Field label="下单日期从">
        <Input type="date" value={startDate} onChange={(_e, d) => setStartDate(d.value)} />
      </Field>
      <Field label="至">
        <Input type="date" value={endDate} onChange={(_e, d) => setEndDate(d.value)} />
      </Field>
      <Button type="submit" appearance="primary">
        搜索
      </Button>
      {searching ? (
        <Button onClick={() => onSearch({ keyword: '', startDate: '', endDate: '' })}>清除条件</Button>
      ) : null}
    </form>
  );
}

/** /order (order_wddd_index): the buyer's orders by tab with counts, a search and a date range, ten to a page. */
export default function OrderListPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = orderListState(params);
  const { tab, page } = state;
  // Orders are always fresh (notes): one just paid must show as paid.
  const { data, loading } = useQuery(OrderListQuery, {
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
  const orders = data?.orders;
  const searching = Boolean(state.keyword || state.startDate || state.endDate);

  return (
    <>
      <SectionHeading>我的订单</SectionHeading>
      <TabList
        className={styles.tabs}
        selectedValue={tab.key}
        onTabSelect={(_event, selected) =>
          go({ tab: ORDER_TABS.find((t) => t.key === selected.value) ?? tab, page: 1 })
        }
      >
        {ORDER_TABS.map((item) => (
          <Tab key={item.key} value={item.key}>
            {item.label}
            {counts && item.key !== 'all' && counts[item.count] > 0 ? `（${counts[item.count]}）` : ''}
          </Tab>
        ))}
      </TabList>
      <OrderSearch
        key={`${state.keyword}|${state.startDate}|${state.endDate}`}
        state={state}
        onSearch={(next) => go({ ...next, page: 1 })}
      />
      {!orders ? (
        <EmptyState title={loading ? '正在加载订单…' : '订单暂时无法加载'} />
      ) : orders.items.length === 0 ? (
        <EmptyState title={searching ? '没有符合条件的订单' : tab.afterSale ? '暂无售后订单' : '暂无订单'}>
          {searching ? <Button onClick={reset}>清除条件</Button> : <Link to="/list">去挑选商品</Link>}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="订单列表" aria-busy={loading}>
          {orders.items.map((order) => (
            <li key={order.id} className={styles.order}>
              <div className={styles.head}>
                <span>订单号：{order.orderSn}</span>
                <span>下单时间：{formatDateTime(order.createdAt)}</span>
                <span className={styles.status}>{order.statusText}</span>
              </div>
              <div className={styles.body}>
                <div className={styles.goods}>
                  {order.lines.slice(0, PREVIEW_LINES).map((line, index) => (
                    <Link key={`${line.goodsId}-${index}`} to={goodsDetailPath(line.goodsId)}>
                      <GoodsImage src={line.image ?? undefined} alt={line.name} size={56} />
                    </Link>
                  ))}
                  <span className={styles.more}>
                    {order.lines[0]?.name}
                    {order.lines.length > 1 ? ` 等 ${order.lines.length} 种商品` : ''}
                  </span>
                </div>
                <span>
                  {order.status === 'UNPAID' || order.status === 'CANCELLED' ? '应付：' : '实付：'}
                  <Price money={order.amounts.payable} size="strong" />
                </span>
                <div className={styles.actions}>
                  <Link to={orderPath(order.id)} aria-label={`订单 ${order.orderSn} 详情`}>
                    订单详情
                  </Link>
                  {order.returnCount > 0 ? (
                    <Link
                      className={styles.afterSale}
                      to={afterSalesPath(order.id)}
                      aria-label={`订单 ${order.orderSn} 的售后（${order.returnCount} 个申请）`}
                    >
                      售后 {order.returnCount}
                    </Link>
                  ) : null}
                  {order.status === 'UNPAID' && order.transfer?.status === 'PENDING' ? (
                    // 待确认: the slip waits for the platform; the order can be neither paid again nor cancelled.
                    <Button size="small" onClick={() => void navigate(orderNextPath(order))}>
                      查看转账
                    </Button>
                  ) : order.status === 'UNPAID' ? (
                    <>
                      <Button
                        size="small"
                        disabled={actions.busy}
                        aria-label={`取消订单 ${order.orderSn}`}
                        onClick={() => actions.askCancel(order)}
                      >
                        取消订单
                      </Button>
                      <Button appearance="primary" size="small" onClick={() => void navigate(orderNextPath(order))}>
                        去支付
                      </Button>
                    </>
                  ) : null}
                  {order.status === 'SHIPPED' ? (
                    <Button
                      appearance="primary"
                      size="small"
                      disabled={actions.busy}
                      aria-label={`确认收货 ${order.orderSn}`}
                      onClick={() => actions.askReceive(order)}
                    >
                      确认收货
                    </Button>
                  ) : null}
                  {order.canApplyReturn ? (
                    <Button
                      size="small"
                      aria-label={`申请售后 ${order.orderSn}`}
                      onClick={() => void navigate(afterSalesPath(order.id))}
                    >
                      申请售后
                    </Button>
                  ) : null}
                  {order.status !== 'UNPAID' ? (
                    <Button
                      size="small"
                      disabled={actions.busy}
                      aria-label={`再次购买 ${order.orderSn}`}
                      onClick={() => actions.buyAgain(order)}
                    >
                      再次购买
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {orders ? (
        <Pager
          page={page}
          total={orders.total}
          pageSize={orders.pageSize}
          onGo={(next) => go({ page: next })}
          note={`（共 ${orders.total} 个订单）`}
        />
      ) : null}
      {actions.dialog}
    </>
  );
}
