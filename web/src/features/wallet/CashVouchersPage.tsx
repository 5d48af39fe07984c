import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { CashVoucherStatus } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { toast } from '../../shared/notify';
import { useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { expiryStamp, TicketCard, TicketGrid } from '../../shared/TicketCard';
import { daysLeft } from './coupon-face';
import { TICKET_TABS, type TicketTab as Slug } from './wallet-filters';

export const CashVouchersPageQuery = graphql(`
  query CashVouchersPage($status: CashVoucherStatus, $page: Int, $pageSize: Int) {
    site {
      serverTime
    }
    me {
      id
      wallet {
        balance {
          fen
          amount
        }
        cashVoucherCounts {
          usable
          used
          expired
          usableAmount {
            fen
            amount
          }
        }
        cashVouchers(status: $status, page: $page, pageSize: $pageSize) {
          total
          page
          pageSize
          items {
            id
            name
            amount {
              fen
              amount
            }
            source
            startsAt
            endsAt
            status
            usedAt
          }
        }
      }
    }
  }
`);

export const RedeemCashVoucherMutation = graphql(`
  mutation RedeemCashVoucher($id: ID!) {
    redeemCashVoucher(id: $id) {
      voucher {
        id
        status
        usedAt
      }
      balance {
        fen
        amount
      }
    }
  }
`);

const PAGE_SIZE = 12;

const TABS: Record<Slug, { status: CashVoucherStatus; label: string; empty: string; hint: string }> = {
  usable: {
    status: 'USABLE',
    label: '可使用',
    empty: '暂无可使用的现金券',
    hint: '参加平台活动、售后补偿等可获得现金券',
  },
  used: { status: 'USED', label: '已使用', empty: '还没有使用过现金券', hint: '转入余额的现金券会出现在这里' },
  expired: { status: 'EXPIRED', label: '已过期', empty: '没有过期的现金券', hint: '请在有效期内及时使用现金券' },
};

const useStyles = makeStyles({
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalXL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
  },
  figure: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const STATE_TEXT: Record<CashVoucherStatus, string | undefined> = {
  USABLE: undefined,
  NOT_STARTED: '未生效',
  USED: '已使用',
  EXPIRED: '已过期',
};

/**
 * /wdqb/xjq: the buyer's cash vouchers by state. A usable voucher is turned into balance (WALLET-04), which then
 * pays orders at checkout like any balance.
 */
export default function CashVouchersPage() {
  const styles = useStyles();
  const location = useLocation();
  const { filter, go } = useListSearch(TICKET_TABS.read, TICKET_TABS.write);
  const { tab, page } = filter;
  const { data, loading, error } = useQuery(CashVouchersPageQuery, {
    variables: { status: TABS[tab].status, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [redeem, redeeming] = useMutation(RedeemCashVoucherMutation, {
    refetchQueries: [CashVouchersPageQuery],
    awaitRefetchQueries: true,
  });
  const [confirming, setConfirming] = useState<{ id: string; name: string; amount: { amount: string } } | null>(null);

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const wallet = data?.me?.wallet;
  const counts = wallet?.cashVoucherCounts;
  const countOf = (slug: Slug) =>
    counts ? { usable: counts.usable, used: counts.used, expired: counts.expired }[slug] : null;
  // "n 天后过期" is counted from the store's clock as the answer was read (TIME-01), not the device's.
  const serverTime = data?.site?.serverTime;
  const now = serverTime === undefined ? null : Date.parse(serverTime);

  async function onConfirm(): Promise<void> {
    if (!confirming) return;
    const voucher = confirming;
    setConfirming(null);
    try {
      const result = await redeem({ variables: { id: voucher.id } });
      const balance = result.data?.redeemCashVoucher.balance;
      if (balance) {
        toast(`${formatPrice(voucher.amount)}已转入余额，当前余额${formatPrice(balance)}`, 'success', {
          label: '查看余额',
          to: '/wdqb/yegl',
        });
      }
    } catch {
      // The error link has already told the buyer why (已使用, 已过期…).
    }
  }

  return (
    <>
      <SectionHeading>现金券</SectionHeading>
      <Panel label="现金券概况" className={styles.summary}>
        <span>
          可用现金券 <strong className={styles.figure}>{counts ? counts.usable : '—'}</strong> 张，共{' '}
          <strong className={styles.figure}>{counts ? formatPrice(counts.usableAmount) : '—'}</strong>
        </span>
        <span>当前余额 {wallet ? formatPrice(wallet.balance) : '—'}</span>
        <span className={styles.note}>现金券转入余额后，下单时选择“余额支付”即可抵扣货款。</span>
      </Panel>
      <ListTabs
        label="现金券状态"
        tabs={TICKET_TABS.values.map((slug) => ({ value: slug, label: TABS[slug].label, count: countOf(slug) }))}
        selected={tab}
        onSelect={(next) => go({ tab: next })}
      />
      <ListState
        list={wallet?.cashVouchers}
        loading={loading}
        error={error}
        noun="现金券"
        empty={{ title: TABS[tab].empty, hint: TABS[tab].hint }}
      >
        {(vouchers) => (
          <>
            <TicketGrid label={`${TABS[tab].label}的现金券`}>
              {vouchers.items.map((v) => {
                const left = now === null ? null : daysLeft(v.endsAt, now);
                const usable = v.status === 'USABLE';
                return (
                  <TicketCard
                    key={v.id}
                    face={formatPrice(v.amount)}
                    faceNote="现金券"
                    title={v.name}
                    state={STATE_TEXT[v.status] ?? expiryStamp(left)}
                    muted={v.status === 'USED' || v.status === 'EXPIRED'}
                    lines={[
                      `来源：${v.source}`,
                      `有效期：${formatDateTime(v.startsAt)} 至 ${formatDateTime(v.endsAt)}`,
                      v.usedAt ? `转入余额：${formatDateTime(v.usedAt)}` : '使用方式：转入账户余额，下单时用余额支付',
                    ]}
                    actions={
                      usable ? (
                        <Button
                          size="small"
                          appearance="primary"
                          disabled={redeeming.loading}
                          aria-label={`将${v.name}（${formatPrice(v.amount)}）转入余额`}
                          onClick={() => setConfirming({ id: v.id, name: v.name, amount: v.amount })}
                        >
                          转入余额
                        </Button>
                      ) : undefined
                    }
                  />
                );
              })}
            </TicketGrid>
            <ListPager list={vouchers} page={page} onGo={(next) => go({ page: next })} />
          </>
        )}
      </ListState>
      <ConfirmDialog
        open={confirming !== null}
        title="转入余额"
        confirmLabel="确认转入"
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(null)}
      >
        {confirming
          ? `将「${confirming.name}」的 ${formatPrice(confirming.amount)} 转入账户余额？转入后现金券即为已使用，不可撤回。`
          : ''}
      </ConfirmDialog>
    </>
  );
}
