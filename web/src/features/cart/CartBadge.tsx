import { useFragment } from '@apollo/client/react';
import { CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { CartRegular } from '@fluentui/react-icons/svg/cart';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import { BADGE_MAX, cartEntryLabel } from '../../shared/badge';

export const CartBadgeFragment = graphql(`
  fragment CartBadge_cart on Cart {
    id
    count
  }
`);

const useStyles = makeStyles({
  entry: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalSNudge,
    padding: '8px 14px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    whiteSpace: 'nowrap',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  badge: { position: 'absolute', top: '-8px', right: '-8px' },
});

/** The header's cart entry: a link to /cart whose name carries the line count and a badge capped at 99+. */
export function CartBadge({ cartId }: { cartId: string | null }) {
  const styles = useStyles();
  const { data, complete } = useFragment({
    fragment: CartBadgeFragment,
    from: cartId ? { __typename: 'Cart', id: cartId } : null,
  });
  const count = complete ? data.count : null;
  return (
    <Link to="/cart" className={styles.entry} aria-label={cartEntryLabel(count)}>
      <CartRegular className={styles.icon} aria-hidden />
      <span aria-hidden>购物车</span>
      {count ? (
        <CounterBadge
          className={styles.badge}
          count={count}
          overflowCount={BADGE_MAX}
          color="danger"
          size="small"
          aria-hidden
        />
      ) : null}
    </Link>
  );
}
