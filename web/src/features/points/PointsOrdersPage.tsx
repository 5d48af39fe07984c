import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { GoodsImage } from '../../components/GoodsImage';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { PointsOrderStatus } from '../../gql/graphql';
import { tabParams, useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';

export const PointsOrdersPageQuery = graphql(`
  query PointsOrdersPage($status: PointsOrderStatus, $page: Int, $pageSize: Int) {
    me {
      id
      wallet {
        points
      }
      pointsOrders(status: $status, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          id
          orderSn
          goodsName
          goodsImage
          unitPoints
          quantity
          points
          status
          createdAt
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;

const TAB_VALUES = ['all', 'to_ship', 'shipped', 'done', 'cancelled'] as const;
type Tab = (typeof TAB_VALUES)[number];
const TABS: Record<Tab, { status: PointsOrderStatus | null; label: string }> = {
  all: { status: null, label: '全部' },
  to_ship: { status: 'TO_SHIP', label: '待发货' },
  shipped: { status: 'SHIPPED', label: '已发货' },
  done: { status: 'DONE', label: '已完成' },
  cancelled: { status: 'CANCELLED', label: '已取消' },
};
const TAB_PARAMS = tabParams('status', TAB_VALUES);

const STATUS_TEXT: Record<PointsOrderStatus, string> = {
  TO_SHIP: '待发货',
  SHIPPED: '已发货',
  DONE: '已完成',
  CANCELLED: '已取消',
};

const grouping = new Intl.NumberFormat('zh-CN');

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: '8px' },
  points: { color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  order: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  orderHead: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  body: {
    display: 'grid',
    gridTemplateColumns: '64px minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '64px minmax(0, 1fr)' },
  },
  name: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  detail: { margin: `${tokens.spacingVerticalXXS} 0 0`, color: tokens.colorNeutralForeground3 },
  spent: {
    textAlign: 'right',
    whiteSpace: 'nowrap',
    '@media (max-width: 600px)': { gridColumn: '2', textAlign: 'left' },
  },
  spentValue: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  state: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** /jfdd (/order_jfdd): the buyer's orders of the points mall, by status. */
export default function PointsOrdersPage() {
  const styles = useStyles();
  const location = useLocation();
  const { filter, go } = useListSearch(TAB_PARAMS.read, TAB_PARAMS.write);
  const tab = TABS[filter.tab];
  const { data, loading, error } = useQuery(PointsOrdersPageQuery, {
    variables: { status: tab.status, page: filter.page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const points = data?.me?.wallet.points;
  return (
    <>
      <div className={styles.head}>
        <SectionHeading>积分订单</SectionHeading>
        <span className={styles.points}>
          可用积分 <strong>{points === undefined ? '—' : grouping.format(points)}</strong>，
          <Link to="/wdqb/jfgl">查看积分明细</Link>，<Link to="/jfsc">去积分商城兑换</Link>
        </span>
      </div>
      <ListTabs
        label="积分订单状态"
        tabs={TAB_VALUES.map((value) => ({ value, label: TABS[value].label }))}
        selected={filter.tab}
        onSelect={(next) => go({ tab: next })}
      />
      <ListState
        list={data?.me?.pointsOrders}
        loading={loading}
        error={error}
        noun="积分订单"
        empty={{
          title: tab.status ? `暂无${tab.label}的积分订单` : '暂无积分订单',
          hint: '积分可在积分商城兑换礼品，兑换后的订单会显示在这里',
        }}
      >
        {(orders) => (
          <>
            <ul className={styles.list} aria-label="积分订单列表">
              {orders.items.map((o) => (
                <li key={o.id} className={styles.order}>
                  <div className={styles.orderHead}>
                    <span>订单号：{o.orderSn}</span>
                    <span>兑换时间：{formatDateTime(o.createdAt)}</span>
                    <span className={mergeClasses(styles.state, o.status === 'CANCELLED' && styles.muted)}>
                      {STATUS_TEXT[o.status]}
                    </span>
                  </div>
                  <div className={styles.body}>
                    <GoodsImage src={o.goodsImage ?? undefined} alt={o.goodsName} size={64} />
                    <div>
                      <p className={styles.name}>{o.goodsName}</p>
                      <p className={styles.detail}>
                        {grouping.format(o.unitPoints)} 积分 × {o.quantity}
                      </p>
                    </div>
                    <div className={styles.spent}>
                      共 <span className={styles.spentValue}>{grouping.format(o.points)}</span> 积分
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <ListPager list={orders} page={filter.page} onGo={(page) => go({ page })} />
          </>
        )}
      </ListState>
    </>
  );
}
