import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { GoodsImage } from '../../components/GoodsImage';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { PointsOrderStatus } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';
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

const TABS: readonly { value: string; status: PointsOrderStatus | null; label: string }[] = [
  { value: 'all', status: null, label: '全部' },
  { value: 'to_ship', status: 'TO_SHIP', label: '待发货' },
  { value: 'shipped', status: 'SHIPPED', label: '已发货' },
  { value: 'done', status: 'DONE', label: '已完成' },
  { value: 'cancelled', status: 'CANCELLED', label: '已取消' },
];

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
  tabs: { marginBottom: tokens.spacingVerticalM, overflowX: 'auto' },
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
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tab = TABS.find((t) => t.value === params.get('status')) ?? TABS[0];
  const page = pageParam(params.get('page'));
  const { data, loading, error } = useQuery(PointsOrdersPageQuery, {
    variables: { status: tab?.status ?? null, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const go = (value: string, next: number) => {
    const search = new URLSearchParams();
    if (value !== 'all') search.set('status', value);
    if (next > 1) search.set('page', String(next));
    void navigate({ search: search.toString() });
  };
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
      <TabList
        className={styles.tabs}
        selectedValue={tab?.value}
        onTabSelect={(_e, d) => go(String(d.value), 1)}
        aria-label="积分订单状态"
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <ListStates
        list={data?.me?.pointsOrders}
        loading={loading}
        error={error}
        loadingTitle="正在加载积分订单…"
        failedTitle="积分订单暂时无法加载"
        emptyTitle={tab?.status ? `暂无${tab.label}的积分订单` : '暂无积分订单'}
        emptyHint="积分可在积分商城兑换礼品，兑换后的订单会显示在这里"
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
            <Pager
              page={page}
              total={orders.total}
              pageSize={orders.pageSize}
              onGo={(next) => go(tab?.value ?? 'all', next)}
            />
          </>
        )}
      </ListStates>
    </>
  );
}
