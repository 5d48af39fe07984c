import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql';
import type { CartLineInput } from '../gql/graphql';
import { CART_ADD_CONTEXT, useCartAdd } from './cart-add';

/**
 * The answer carries the cart through the badge's and the panel's fragments (spread by name; the cart feature
 * owns them), so the header and the side panel update from this one answer with no refetch.
 */
export const AddToCartMutation = graphql(`
  mutation AddToCart($lines: [CartLineInput!]!) {
    addToCart(lines: $lines) {
      message
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

/**
 * Adds goods to the cart from any list or card (CART-13's delay, login and one-at-a-time come with useCartAdd).
 * `extras` carries the price entries a detail link or a campaign names (goods_price_id and the like; a welfare
 * line names its campaign, so the cart charges the campaign's price, PROMO-03).
 */
export function useAddToCart() {
  const [mutate] = useMutation(AddToCartMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useCartAdd();
  const add = (goodsId: string, number: number, extras: Omit<CartLineInput, 'goodsId' | 'number'> = {}) =>
    run(async () => (await mutate({ variables: { lines: [{ ...extras, goodsId, number }] } })).data?.addToCart.message);
  return { add, pending };
}
