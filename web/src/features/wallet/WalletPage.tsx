import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { WalletLogType } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { formatPrice } from '../../shared/money';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';

export const WalletPageQuery = graphql(`
  query WalletPage($page: Int, $pageSize: Int) {
    me {
      id
      wallet {
        balance {
          ...Price_money
        }
        log(page: $page, pageSize: $pageSize) {
          total
          page
          pageSize
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

const TYPE_TEXT: Record<WalletLogType, string> = { RECHARGE: '充值', ORDER_PAYMENT: '订单支付', REFUND: '退款' };

const useStyles = makeStyles({
  balance: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
  },
  balanceAmount: { fontSize: '28px' },
  tableBox: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300, minWidth: '560px' },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'left',
  },
  money: { textAlign: 'right', whiteSpace: 'nowrap' },
  out: { color: tokens.colorPaletteGreenForeground1 },
  in: { color: tokens.colorBrandForeground1 },
});

/** /wdqb/yegl (wallet balance): the balance orders are paid from, and every movement of it. */
export default function WalletPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const page = pageParam(params.get('page'));
  // The wallet is always fresh (notes): a payment made a moment ago must show.
  const { data, loading } = useQuery(WalletPageQuery, {
    variables: { page, pageSize: LOG_PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  // `me` is null for a visitor rather than an error, so the error link does not send them to sign in; this does.
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const wallet = data?.me?.wallet;
  if (!wallet) {
    return <EmptyState title={loading ? '正在加载余额…' : '余额暂时无法加载'} />;
  }
  const go = (next: number) => void navigate({ search: next > 1 ? `?page=${next}` : '' });
  const cell = styles.cell;
  return (
    <>
      <SectionHeading>余额管理</SectionHeading>
      <Panel label="账户余额" className={styles.balance}>
        <span>可用余额</span>
        <span data-testid="wallet-balance">
          <Price money={wallet.balance} size="strong" className={styles.balanceAmount} />
        </span>
      </Panel>
      <div className={styles.tableBox}>
        <table className={styles.table} aria-label="余额明细">
          <thead>
            <tr>
              <th className={cell}>时间</th>
              <th className={cell}>类型</th>
              <th className={cell}>说明</th>
              <th className={mergeClasses(cell, styles.money)}>金额</th>
              <th className={mergeClasses(cell, styles.money)}>余额</th>
            </tr>
          </thead>
          <tbody>
            {wallet.log.items.length === 0 ? (
              <tr>
                <td className={cell} colSpan={5}>
                  暂无余额变动
                </td>
              </tr>
            ) : (
              wallet.log.items.map((entry) => (
                <tr key={entry.id}>
                  <td className={cell}>{formatDateTime(entry.createdAt)}</td>
                  <td className={cell}>{TYPE_TEXT[entry.type]}</td>
                  <td className={cell}>
                    {entry.orderId ? <Link to={orderPath(entry.orderId)}>{entry.remark}</Link> : entry.remark}
                  </td>
                  <td className={mergeClasses(cell, styles.money, entry.amount.fen < 0 ? styles.out : styles.in)}>
                    {entry.amount.fen > 0 ? '+' : ''}
                    {formatPrice(entry.amount)}
                  </td>
                  <td className={mergeClasses(cell, styles.money)}>{formatPrice(entry.balanceAfter)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={wallet.log.total} pageSize={wallet.log.pageSize} onGo={go} />
    </>
  );
}
