import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import { useViewer } from '../../shared/viewer';

/**
 * The one cart read of the shell. Badge and panel spread their own fragments here and then read the normalised
 * `Cart:<id>` entry with `useFragment`; cart mutations answer the same fragments, so both move together.
 */
export const ShellCartQuery = graphql(`
  query ShellCart {
    cart {
      id
      ...CartBadge_cart
      ...CartPanel_cart
    }
  }
`);

/** The cart's id for the signed-in buyer, or null for a visitor (the query is never sent for one). */
export function useCartId(): string | null {
  const viewer = useViewer();
  const { data } = useQuery(ShellCartQuery, {
    skip: !viewer.signedIn,
    // Cart contents are never served from a stale cache (notes: cart, orders and wallet are always fresh).
    fetchPolicy: 'cache-and-network',
    // ERR-10: the badge and the panel are secondary; the cart page's own query reports a failure.
    context: SECONDARY,
  });
  return viewer.signedIn ? (data?.cart.id ?? null) : null;
}
