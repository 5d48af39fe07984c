import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { OrderStatus } from '../../gql/graphql';
import { orderNextPath, orderPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatDateTime } from '../../shared/time';
import { ORDER_TABS, ORDERS_PAGE_SIZE, orderListSearch, orderListState } from './order-tabs';
import { Pager } from '../../components/Pager';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';

export const OrderListQuery = graphql(`
  query OrderList($status: OrderStatus, $page: Int, $pageSize: Int) {
    orders(status: $status, page: $page, pageSize: $pageSize) {
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
        createdAt
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

/** Lines shown per order in the list; the detail page has them all. */
const PREVIEW_LINES = 4;

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', marginBottom: tokens.spacingVerticalM, backgroundColor: tokens.colorNeutralBackground1 },
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
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

/** /order (order_wddd_index): the buyer's orders by status tab, ten to a page. */
export default function OrderListPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, page } = orderListState(params);
  // Orders are always fresh (notes): one just paid must show as paid.
  const { data, loading } = useQuery(OrderListQuery, {
    variables: { status, page, pageSize: ORDERS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const go = (nextStatus: OrderStatus | null, nextPage: number) =>
    void navigate({ pathname: '/order', search: orderListSearch(nextStatus, nextPage) });
  const orders = data?.orders;

  return (
    <>
      <SectionHeading>我的订单</SectionHeading>
      <TabList
        className={styles.tabs}
        selectedValue={status ?? 'all'}
        onTabSelect={(_event, data) => go(ORDER_TABS.find((tab) => tab.key === data.value)?.status ?? null, 1)}
      >
        {ORDER_TABS.map((tab) => (
          <Tab key={tab.key} value={tab.key}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {!orders ? (
        <EmptyState title={loading ? '正在加载订单…' : '订单暂时无法加载'} />
      ) : orders.items.length === 0 ? (
        <EmptyState title="暂无订单">
          <Link to="/list">去挑选商品</Link>
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
                  应付：
                  <Price money={order.amounts.payable} size="strong" />
                </span>
                <div className={styles.actions}>
                  <Link to={orderPath(order.id)} aria-label={`订单 ${order.orderSn} 详情`}>
                    订单详情
                  </Link>
                  {order.status === 'UNPAID' ? (
                    <Button appearance="primary" size="small" onClick={() => void navigate(orderNextPath(order))}>
                      去支付
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
          onGo={(next) => go(status, next)}
          note={`（共 ${orders.total} 个订单）`}
        />
      ) : null}
    </>
  );
}
