import { useQuery } from '@apollo/client/react';
import { makeStyles } from '@fluentui/react-components';
import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { CouponStatus } from '../../gql/graphql';
import { useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { expiryStamp, TicketCard, TicketGrid } from '../../shared/TicketCard';
import { couponFace, couponThreshold, daysLeft } from './coupon-face';
import { TICKET_TABS, type TicketTab as Slug } from './wallet-filters';

export const CouponsPageQuery = graphql(`
  query CouponsPage($status: CouponStatus, $page: Int, $pageSize: Int) {
    site {
      serverTime
    }
    me {
      id
      wallet {
        couponCounts {
          unused
          used
          expired
        }
      }
      coupons(status: $status, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          id
          name
          ...CouponValue_coupon
          startsAt
          endsAt
          status
        }
      }
    }
  }
`);

const PAGE_SIZE = 12;

const TABS: Record<Slug, { status: CouponStatus; label: string; empty: string }> = {
  usable: { status: 'UNUSED', label: '可使用', empty: '暂无可使用的优惠券' },
  used: { status: 'USED', label: '已使用', empty: '还没有用过优惠券' },
  expired: { status: 'EXPIRED', label: '已过期', empty: '没有过期的优惠券' },
};

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: '8px' },
});

/** /wdqb/yhq: the buyer's coupons by state with their counts, and the way to the coupon centre. */
export default function CouponsPage() {
  const styles = useStyles();
  const location = useLocation();
  const { filter, go } = useListSearch(TICKET_TABS.read, TICKET_TABS.write);
  const { tab, page } = filter;
  const { data, loading, error } = useQuery(CouponsPageQuery, {
    variables: { status: TABS[tab].status, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const counts = data?.me?.wallet.couponCounts;
  const countOf = (slug: Slug) =>
    counts ? { usable: counts.unused, used: counts.used, expired: counts.expired }[slug] : null;
  // "n 天后过期" is counted from the store's clock as the answer was read (TIME-01), not the device's.
  const serverTime = data?.site?.serverTime;
  const now = serverTime === undefined ? null : Date.parse(serverTime);
  return (
    <>
      <div className={styles.head}>
        <SectionHeading>优惠券</SectionHeading>
        <Link to="/lqzx">去领券中心领取更多 ›</Link>
      </div>
      <ListTabs
        label="优惠券状态"
        tabs={TICKET_TABS.values.map((slug) => ({ value: slug, label: TABS[slug].label, count: countOf(slug) }))}
        selected={tab}
        onSelect={(next) => go({ tab: next })}
      />
      <ListState
        list={data?.me?.coupons}
        loading={loading}
        error={error}
        noun="优惠券"
        empty={{
          title: TABS[tab].empty,
          hint:
            tab === 'usable' ? (
              <>
                可以去 <Link to="/lqzx">领券中心</Link> 看看
              </>
            ) : (
              '过几天再来看看'
            ),
        }}
      >
        {(coupons) => (
          <>
            <TicketGrid label={`${TABS[tab].label}的优惠券`}>
              {coupons.items.map((c) => {
                const left = now === null ? null : daysLeft(c.endsAt, now);
                return (
                  <TicketCard
                    key={c.id}
                    face={couponFace(c)}
                    faceNote={couponThreshold(c.threshold)}
                    title={c.name}
                    state={c.status === 'USED' ? '已使用' : c.status === 'EXPIRED' ? '已过期' : expiryStamp(left)}
                    muted={c.status !== 'UNUSED'}
                    lines={[
                      `类型：${c.type === 'CASH' ? '满减券' : '折扣券'}`,
                      `有效期：${formatDateTime(c.startsAt)} 至 ${formatDateTime(c.endsAt)}`,
                      '适用范围：全场通用（下单时按参与优惠的商品金额计算门槛）',
                    ]}
                    actions={c.status === 'UNUSED' ? <Link to="/">去使用</Link> : undefined}
                  />
                );
              })}
            </TicketGrid>
            <ListPager list={coupons} page={page} onGo={(next) => go({ page: next })} />
          </>
        )}
      </ListState>
    </>
  );
}
