import { useQuery } from '@apollo/client/react';
import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { PointsLogType } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { loginPath } from '../../shared/redirect';
import { LedgerFilterBar } from './LedgerFilterBar';
import { LedgerList } from './LedgerList';
import { useLedgerStyles } from './ledger-styles';
import { ledgerSearch, readLedgerFilter } from './wallet-filters';

export const PointsPageQuery = graphql(`
  query PointsPage($page: Int, $pageSize: Int, $type: PointsLogType, $from: String, $to: String) {
    me {
      id
      wallet {
        points
        pointsLog(page: $page, pageSize: $pageSize, type: $type, from: $from, to: $to) {
          total
          page
          pageSize
          totalIn
          totalOut
          items {
            id
            type
            change
            balanceAfter
            remark
            orderId
            pointsOrderId
            createdAt
          }
        }
      }
    }
  }
`);

const PAGE_SIZE = 20;

type Slug = 'earned' | 'spent' | 'adjusted';
const TYPES: readonly { slug: Slug; type: PointsLogType; label: string }[] = [
  { slug: 'earned', type: 'EARNED', label: '订单获得' },
  { slug: 'spent', type: 'SPENT', label: '积分兑换' },
  { slug: 'adjusted', type: 'ADJUSTED', label: '平台调整' },
];
const SLUGS = TYPES.map((t) => t.slug);
const TYPE_TEXT: Record<PointsLogType, string> = { EARNED: '订单获得', SPENT: '积分兑换', ADJUSTED: '平台调整' };

const grouping = new Intl.NumberFormat('zh-CN');

/** /wdqb/jfgl: the company's points (WALLET-01) and their movements by type and days. */
export default function PointsPage() {
  const styles = useLedgerStyles();
  const location = useLocation();
  const { filter, go } = useListSearch((params) => readLedgerFilter(params, SLUGS), ledgerSearch);
  const { data, loading, error } = useQuery(PointsPageQuery, {
    variables: {
      page: filter.page,
      pageSize: PAGE_SIZE,
      type: TYPES.find((t) => t.slug === filter.type)?.type ?? null,
      from: filter.from,
      to: filter.to,
    },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const wallet = data?.me?.wallet;
  return (
    <>
      <SectionHeading>积分管理</SectionHeading>
      <Panel label="可用积分" className={styles.head}>
        <span className={styles.figure}>
          <span>可用积分</span>
          <strong className={styles.figureValue} data-testid="points-balance">
            {wallet ? grouping.format(wallet.points) : '—'}
          </strong>
        </span>
        <span className={styles.note}>订单完成后按实付金额每 1 元积 1 分；积分由本公司各门店共享。</span>
        <Link to="/jfdd">查看积分订单</Link>
      </Panel>
      <LedgerFilterBar
        key={`${filter.from ?? ''}|${filter.to ?? ''}`}
        label="积分明细筛选"
        types={TYPES}
        filter={filter}
        onApply={go}
      />
      <ListState list={wallet?.pointsLog} loading={loading} error={error} noun="积分">
        {(log) => (
          <>
            <LedgerList
              label="积分明细"
              heads={{ change: '积分', after: '结余' }}
              filtered={filter.type !== null || filter.from !== null || filter.to !== null}
              total={log.total}
              totalIn={{ label: '获得', text: grouping.format(log.totalIn) }}
              totalOut={{ label: '使用', text: grouping.format(log.totalOut) }}
              unit="分"
              empty={{
                filtered: '没有符合条件的积分变动，换个类型或日期试试',
                all: '暂无积分变动，订单完成后即可获得积分',
              }}
              entries={log.items.map((entry) => ({
                id: entry.id,
                createdAt: entry.createdAt,
                typeText: TYPE_TEXT[entry.type],
                remark: entry.orderId ? (
                  <Link to={orderPath(entry.orderId)}>{entry.remark}</Link>
                ) : entry.pointsOrderId ? (
                  <Link to="/jfdd">{entry.remark}</Link>
                ) : (
                  entry.remark
                ),
                change: entry.change,
                changeText: grouping.format(entry.change),
                afterText: grouping.format(entry.balanceAfter),
              }))}
            />
            <ListPager list={log} page={filter.page} onGo={(page) => go({ page })} />
          </>
        )}
      </ListState>
    </>
  );
}
