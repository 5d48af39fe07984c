import { useQuery } from '@apollo/client/react';
import { mergeClasses } from '@fluentui/react-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { PointsLogType } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { LedgerFilterBar } from './LedgerFilterBar';
import { useLedgerStyles } from './ledger-styles';
import { changeLedgerFilter, ledgerSearch, readLedgerFilter, type LedgerFilter } from './wallet-filters';

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
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filter = readLedgerFilter(params, SLUGS);
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
  const go = (change: Partial<LedgerFilter<Slug>>) =>
    void navigate({ search: ledgerSearch(changeLedgerFilter(filter, change)) });
  const filtered = filter.type !== null || filter.from !== null || filter.to !== null;
  const cell = styles.cell;
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
      {!wallet ? (
        <EmptyState title={loading && !error ? '正在加载积分…' : '积分暂时无法加载'}>请稍后刷新页面重试</EmptyState>
      ) : (
        <>
          <p className={styles.totals} aria-live="polite">
            <span>
              {filtered ? '筛选结果' : '全部明细'}：共 {wallet.pointsLog.total} 笔
            </span>
            <span>
              获得 <strong className={styles.in}>{grouping.format(wallet.pointsLog.totalIn)}</strong> 分
            </span>
            <span>
              使用 <strong className={styles.out}>{grouping.format(wallet.pointsLog.totalOut)}</strong> 分
            </span>
          </p>
          <div className={styles.tableBox}>
            <table className={styles.table} aria-label="积分明细">
              <thead className={styles.thead}>
                <tr>
                  <th className={cell}>时间</th>
                  <th className={cell}>类型</th>
                  <th className={cell}>说明</th>
                  <th className={mergeClasses(cell, styles.number)}>积分</th>
                  <th className={mergeClasses(cell, styles.number)}>结余</th>
                </tr>
              </thead>
              <tbody className={styles.tbody}>
                {wallet.pointsLog.items.length === 0 ? (
                  <tr>
                    <td className={cell} colSpan={5}>
                      {filtered ? '没有符合条件的积分变动，换个类型或日期试试' : '暂无积分变动，订单完成后即可获得积分'}
                    </td>
                  </tr>
                ) : (
                  wallet.pointsLog.items.map((entry) => (
                    <tr key={entry.id} className={styles.row}>
                      <td className={mergeClasses(cell, styles.time)}>{formatDateTime(entry.createdAt)}</td>
                      <td className={mergeClasses(cell, styles.type)}>{TYPE_TEXT[entry.type]}</td>
                      <td className={mergeClasses(cell, styles.remark)}>
                        {entry.orderId ? (
                          <Link to={orderPath(entry.orderId)}>{entry.remark}</Link>
                        ) : entry.pointsOrderId ? (
                          <Link to="/jfdd">{entry.remark}</Link>
                        ) : (
                          entry.remark
                        )}
                      </td>
                      <td
                        className={mergeClasses(
                          cell,
                          styles.number,
                          styles.amount,
                          entry.change < 0 ? styles.out : styles.in,
                        )}
                      >
                        {entry.change > 0 ? '+' : ''}
                        {grouping.format(entry.change)}
                      </td>
                      <td className={mergeClasses(cell, styles.number, styles.after)} data-label="结余 ">
                        {grouping.format(entry.balanceAfter)}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            page={filter.page}
            total={wallet.pointsLog.total}
            pageSize={wallet.pointsLog.pageSize}
            onGo={(page) => go({ page })}
          />
        </>
      )}
    </>
  );
}
