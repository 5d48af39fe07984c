import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';

export const CartCouponsQuery = graphql(`
  query CartCoupons($lineIds: [ID!]) {
    cartCouponOptions(lineIds: $lineIds) {
      usable
      reason
      coupon {
        id
        name
        endsAt
      }
    }
  }
`);

/** The query's variables and context: the coupons and the cart page's route loader ask the same. */
function couponsOptions(lineIds: readonly string[]) {
  return { variables: { lineIds: [...lineIds] }, context: SECONDARY };
}

/** For the cart page's route loader: the coupons of the lines the cart says are selected. */
export function preloadCartCoupons(client: ApolloClient, lineIds: readonly string[]): Promise<unknown> {
  return client.query({ query: CartCouponsQuery, ...couponsOptions(lineIds) });
}

const useStyles = makeStyles({
  entry: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  count: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  surface: { maxWidth: 'min(360px, 90vw)' },
  title: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase300 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  usable: { color: tokens.colorPaletteGreenForeground1 },
  reason: { color: tokens.colorNeutralForeground3 },
  more: { display: 'block', marginTop: tokens.spacingVerticalS },
});

/**
 * CART-26: how many of the buyer's coupons the selected lines can use, and why the others cannot, following the
 * selection and its total. Secondary: without an answer it shows nothing (ERR-10).
 */
export function CartCoupons({ lineIds, selectedFen }: { lineIds: readonly string[]; selectedFen: number }) {
  const styles = useStyles();
  const { data, refetch } = useQuery(CartCouponsQuery, {
    ...couponsOptions(lineIds),
    fetchPolicy: 'cache-and-network',
  });
  // The same lines at a new quantity reach other thresholds: ask again when the selected total moves.
  const lastFen = useRef(selectedFen);
  useEffect(() => {
    if (lastFen.current === selectedFen) return;
    lastFen.current = selectedFen;
    void refetch().catch(() => undefined);
  }, [selectedFen, refetch]);
  const options = data?.cartCouponOptions ?? [];
  if (options.length === 0) return null;
  const usable = options.filter((option) => option.usable).length;
  return (
    <span className={styles.entry}>
      可用优惠券 <span className={styles.count}>{usable}</span> 张
      <Popover withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="transparent" size="small" aria-label={`查看优惠券（可用 ${usable} 张）`}>
            查看
          </Button>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label="我的优惠券">
          <h3 className={styles.title}>本次可用优惠券（结算时选择）</h3>
          <ul className={styles.list}>
            {options.map((option) => (
              <li key={option.coupon.id}>
                {option.coupon.name}{' '}
                {option.usable ? (
                  <span className={styles.usable}>可用</span>
                ) : (
                  <span className={styles.reason}>{option.reason ?? '暂不可用'}</span>
                )}
              </li>
            ))}
          </ul>
          <Link className={styles.more} to="/wdqb/yhq">
            查看全部优惠券
          </Link>
        </PopoverSurface>
      </Popover>
    </span>
  );
}
