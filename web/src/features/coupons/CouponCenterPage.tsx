import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListStates } from '../../components/ListStates';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { CouponCenter_CouponFragment } from '../../gql/graphql';
import { centerCouponAction, takenPercent } from './center-coupon';
import { couponValueText } from '../../shared/coupon-text';
import { formatPrice } from '../../shared/money';
import { toast } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { useViewer } from '../../shared/viewer';
import { pageVariables } from '../../shared/list-page/list-search';
import { preloadAll } from '../../shared/preload';
import { TicketCard, TicketGrid } from '../../shared/TicketCard';
import { Pager } from '../../components/Pager';

export const CouponCenterFragment = graphql(`
  fragment CouponCenter_coupon on CenterCoupon {
    id
    name
    type
    amount {
      ...Price_money
    }
    discountPercent
    threshold {
      ...Price_money
    }
    startsAt
    endsAt
    total
    remaining
    taken
  }
`);

export const CouponCenterQuery = graphql(`
  query CouponCenter($page: Int!, $pageSize: Int!) {
    couponCenter(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        ...CouponCenter_coupon
      }
    }
  }
`);

export const TakeCouponMutation = graphql(`
  mutation TakeCoupon($id: ID!) {
    takeCoupon(id: $id) {
      message
      coupon {
        id
      }
      userErrors {
        code
        message
      }
    }
  }
`);

const PAGE_SIZE = 20;

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: CouponCenterQuery, variables: pageVariables(params, PAGE_SIZE) }));
}

/** One coupon of the centre in the ticket frame (SHELL-27), named by its coupon; its button takes it or says why not. */
function CouponCard({
  coupon,
  pending,
  onTake,
}: {
  coupon: CouponCenter_CouponFragment;
  pending: boolean;
  onTake: (id: string) => void;
}) {
  const action = centerCouponAction(coupon);
  // The threshold has its own line, so the headline is only what the coupon gives.
  const value = couponValueText({ ...coupon, threshold: { fen: 0, amount: '0.00' } });
  return (
    <TicketCard
      label={coupon.name}
      face={value}
      title={coupon.name}
      muted={action.kind === 'none'}
      lines={[
        `${coupon.threshold.fen > 0 ? `满${formatPrice(coupon.threshold)}可用` : '无门槛'} · 已领 ${takenPercent(coupon)}%`,
        `${formatDateTime(coupon.startsAt)} 至 ${formatDateTime(coupon.endsAt)}`,
      ]}
      actions={
        <Button
          appearance={action.kind === 'take' ? 'primary' : 'secondary'}
          disabled={action.kind !== 'take' || pending}
          onClick={() => onTake(coupon.id)}
        >
          {action.label}
        </Button>
      }
    />
  );
}

/** /lqzx (领券中心): coupons anyone can see and members take, one each, while the stock lasts. */
export default function CouponCenterPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const variables = pageVariables(params, PAGE_SIZE);
  const { data, loading, error } = useQuery(CouponCenterQuery, { variables });
  // The answer names the buyer's new coupon, not the centre's stock: the page is read again for taken and left.
  const [take] = useMutation(TakeCouponMutation, {
    refetchQueries: [{ query: CouponCenterQuery, variables }],
    awaitRefetchQueries: true,
  });
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function onTake(id: string): Promise<void> {
    if (!viewer.known || pendingId) return;
    if (!viewer.signedIn) {
      void navigate(loginPath(location));
      return;
    }
    setPendingId(id);
    try {
      const result = await take({ variables: { id } });
      const payload = result.data?.takeCoupon;
      if (payload) toast(payload.message, payload.userErrors.length === 0 ? 'success' : 'warning');
    } catch {
      // The error link has already told the buyer what went wrong.
    } finally {
      setPendingId(null);
    }
  }

  const list = data?.couponCenter;
  return (
    <>
      <SectionHeading>领券中心</SectionHeading>
      <ListStates
        list={list}
        loading={loading}
        error={error}
        loadingTitle="优惠券加载中"
        failedTitle="优惠券暂时无法加载"
        emptyTitle="暂无可领取的优惠券"
      >
        {(loaded) => (
          <TicketGrid label="可领取的优惠券">
            {loaded.items.map((coupon) => (
              <CouponCard
                key={coupon.id}
                coupon={coupon}
                pending={pendingId !== null}
                onTake={(id) => void onTake(id)}
              />
            ))}
          </TicketGrid>
        )}
      </ListStates>
      {list ? (
        <Pager
          page={list.page}
          total={list.total}
          pageSize={list.pageSize}
          onGo={(page) => setParams({ page: String(page) })}
        />
      ) : null}
    </>
  );
}
