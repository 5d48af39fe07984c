import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { CartLineInput } from '../../gql/graphql';
import { useCartAdd } from '../../shared/cart-add';

/** The answer spreads the badge's and the panel's fragments by name, so the header and side panel update at once. */
export const CampaignAddToCartMutation = graphql(`
  mutation CampaignAddToCart($lines: [CartLineInput!]!) {
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
 * Adds a campaign's goods to the cart (CART-13's delay, login and one-at-a-time come with useCartAdd). A welfare
 * line names its campaign in goodsPriceId, so the cart charges the campaign's price (PROMO-03).
 */
export function useCampaignAddToCart() {
  const [mutate] = useMutation(CampaignAddToCartMutation);
  const { run, pending } = useCartAdd();
  const add = (goodsId: string, number: number, extras: Omit<CartLineInput, 'goodsId' | 'number'>) =>
    run(async () => (await mutate({ variables: { lines: [{ ...extras, goodsId, number }] } })).data?.addToCart.message);
  return { add, pending };
}
