import { useQuery } from '@apollo/client/react';
import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { WalletLogType } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { useFreshFetchPolicy } from '../../shared/fresh';
import { useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { formatPrice } from '../../shared/money';
import { loginPath } from '../../shared/redirect';
import { LedgerFilterBar } from './LedgerFilterBar';
import { LedgerList } from './LedgerList';
import { useLedgerStyles } from './ledger-styles';
import { ledgerSearch, readLedgerFilter } from './wallet-filters';

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
  const location = useLocation();
  const { filter, go } = useListSearch((params) => readLedgerFilter(params, SLUGS), ledgerSearch);
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
      <ListState list={wallet?.log} loading={loading} error={error} noun="余额">
        {(log) => (
          <>
            <LedgerList
              label="余额明细"
              heads={{ change: '金额', after: '余额' }}
              filtered={filter.type !== null || filter.from !== null || filter.to !== null}
              total={log.total}
              totalIn={{ label: '收入', text: formatPrice(log.totalIn) }}
              totalOut={{ label: '支出', text: formatPrice(log.totalOut) }}
              empty={{ filtered: '没有符合条件的余额变动，换个类型或日期试试', all: '暂无余额变动' }}
              entries={log.items.map((entry) => ({
                id: entry.id,
                createdAt: entry.createdAt,
                typeText: TYPE_TEXT[entry.type],
                remark: entry.orderId ? (
                  <Link to={orderPath(entry.orderId)} aria-label={`查看订单：${entry.remark}`}>
                    {entry.remark}
                  </Link>
                ) : (
                  entry.remark
                ),
                change: entry.amount.fen,
                changeText: formatPrice(entry.amount),
                afterText: formatPrice(entry.balanceAfter),
              }))}
            />
            <ListPager list={log} page={filter.page} onGo={(page) => go({ page })} />
          </>
        )}
      </ListState>
    </>
  );
}
