import { useQuery } from '@apollo/client/react';
import { mergeClasses } from '@fluentui/react-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { WalletLogType } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { formatPrice } from '../../shared/money';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { LedgerFilterBar } from './LedgerFilterBar';
import { useLedgerStyles } from './ledger-styles';
import { changeLedgerFilter, ledgerSearch, readLedgerFilter, type LedgerFilter } from './wallet-filters';
import { useFreshFetchPolicy } from '../../shared/fresh';

export const WalletPageQuery = graphql(`
  query WalletPage($page: Int, $pageSize: Int, $type: WalletLogType, $from: String, $to: String) {
    me {
      id
      wallet {
        balance {
          ...Price_money
        }
        log(page: $page, pageSize: $pageSize, type: $type, from: $from, to: $to) {
          total
          page
          pageSize
          totalIn {
            fen
            amount
          }
          totalOut {
            fen
            amount
          }
          items {
            id
            type
            remark
            orderId
            createdAt
            amount {
              fen
              amount
            }
            balanceAfter {
              fen
              amount
            }
          }
        }
      }
    }
  }
`);

const LOG_PAGE_SIZE = 20;

type Slug = 'recharge' | 'payment' | 'refund' | 'cashback';
const TYPES: readonly { slug: Slug; type: WalletLogType; label: string }[] = [
  { slug: 'recharge', type: 'RECHARGE', label: '充值' },
  { slug: 'payment', type: 'ORDER_PAYMENT', label: '订单支付' },
  { slug: 'refund', type: 'REFUND', label: '退款' },
  { slug: 'cashback', type: 'CASHBACK', label: '返现' },
];
const SLUGS = TYPES.map((t) => t.slug);
const TYPE_TEXT: Record<WalletLogType, string> = {
  RECHARGE: '充值',
  ORDER_PAYMENT: '订单支付',
  REFUND: '退款',
  CASHBACK: '返现',
};

/** /wdqb/yegl (wallet balance): the balance orders are paid from, and its movements by type and days (PAY-04). */
export default function WalletPage() {
  const styles = useLedgerStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filter = readLedgerFilter(params, SLUGS);
  // The wallet is always fresh (notes): a payment made a moment ago must show.
  const fresh = useFreshFetchPolicy();
  const { data, loading, error } = useQuery(WalletPageQuery, {
    variables: {
      page: filter.page,
      pageSize: LOG_PAGE_SIZE,
      type: TYPES.find((t) => t.slug === filter.type)?.type ?? null,
      from: filter.from,
      to: filter.to,
    },
    ...fresh,
  });
  // `me` is null for a visitor rather than an error, so the error link does not send them to sign in; this does.
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const wallet = data?.me?.wallet;
  const go = (change: Partial<LedgerFilter<Slug>>) =>
    void navigate({ search: ledgerSearch(changeLedgerFilter(filter, change)) });
  const filtered = filter.type !== null || filter.from !== null || filter.to !== null;
  const cell = styles.cell;
  return (
    <>
      <SectionHeading>余额管理</SectionHeading>
      <Panel label="账户余额" className={styles.head}>
        <span className={styles.figure}>
          <span>可用余额</span>
          {/* The test id marks the loaded balance only: browser tests read it as soon as it is visible. */}
          {wallet ? (
            <span data-testid="wallet-balance">
              <Price money={wallet.balance} size="strong" className={styles.figureValue} />
            </span>
          ) : (
            <span>—</span>
          )}
        </span>
        <span className={styles.note}>下单时可用余额支付；现金券可在“现金券”页转入余额。</span>
        <Link to="/wdqb/xjq">去使用现金券</Link>
      </Panel>
      <LedgerFilterBar
        key={`${filter.from ?? ''}|${filter.to ?? ''}`}
        label="余额明细筛选"
        types={TYPES}
        filter={filter}
        onApply={go}
      />
      {!wallet ? (
        <EmptyState title={loading && !error ? '正在加载余额…' : '余额暂时无法加载'}>请稍后刷新页面重试</EmptyState>
      ) : (
        <>
          <p className={styles.totals} aria-live="polite">
            <span>
              {filtered ? '筛选结果' : '全部明细'}：共 {wallet.log.total} 笔
            </span>
            <span>
              收入 <strong className={styles.in}>{formatPrice(wallet.log.totalIn)}</strong>
            </span>
            <span>
              支出 <strong className={styles.out}>{formatPrice(wallet.log.totalOut)}</strong>
            </span>
          </p>
          <div className={styles.tableBox}>
            <table className={styles.table} aria-label="余额明细">
              <thead className={styles.thead}>
                <tr>
                  <th className={cell}>时间</th>
                  <th className={cell}>类型</th>
                  <th className={cell}>说明</th>
                  <th className={mergeClasses(cell, styles.number)}>金额</th>
                  <th className={mergeClasses(cell, styles.number)}>余额</th>
                </tr>
              </thead>
              <tbody className={styles.tbody}>
                {wallet.log.items.length === 0 ? (
                  <tr>
                    <td className={cell} colSpan={5}>
                      {filtered ? '没有符合条件的余额变动，换个类型或日期试试' : '暂无余额变动'}
                    </td>
                  </tr>
                ) : (
                  wallet.log.items.map((entry) => (
                    <tr key={entry.id} className={styles.row}>
                      <td className={mergeClasses(cell, styles.time)}>{formatDateTime(entry.createdAt)}</td>
                      <td className={mergeClasses(cell, styles.type)}>{TYPE_TEXT[entry.type]}</td>
                      <td className={mergeClasses(cell, styles.remark)}>
                        {entry.orderId ? (
                          <Link to={orderPath(entry.orderId)} aria-label={`查看订单：${entry.remark}`}>
                            {entry.remark}
                          </Link>
                        ) : (
                          entry.remark
                        )}
                      </td>
                      <td
                        className={mergeClasses(
                          cell,
                          styles.number,
                          styles.amount,
                          entry.amount.fen < 0 ? styles.out : styles.in,
                        )}
                      >
                        {entry.amount.fen > 0 ? '+' : ''}
                        {formatPrice(entry.amount)}
                      </td>
                      <td className={mergeClasses(cell, styles.number, styles.after)} data-label="余额 ">
                        {formatPrice(entry.balanceAfter)}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            page={filter.page}
            total={wallet.log.total}
            pageSize={wallet.log.pageSize}
            onGo={(page) => go({ page })}
          />
        </>
      )}
    </>
  );
}
