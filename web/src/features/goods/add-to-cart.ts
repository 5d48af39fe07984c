import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { graphql } from '../../gql';
import type { CartLineInput } from '../../gql/graphql';
import { toast } from '../../lib/notify';
import { loginPath } from '../../lib/redirect';
import { useViewer } from '../../lib/viewer';

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

/** Spec 7 and 9: adding to a cart is delayed 200 ms, which also absorbs a double click on the button. */
export const ADD_TO_CART_DELAY_MS = 200;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useAddToCart() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [mutate] = useMutation(AddToCartMutation);
  const [pending, setPending] = useState(false);

  /** `extras` carries the price entries a detail link named (goods_price_id and the like). */
  async function add(
    goodsId: string,
    number: number,
    extras: Omit<CartLineInput, 'goodsId' | 'number'> = {},
  ): Promise<void> {
    // Until the shell has said who is browsing, a click is neither a visitor's nor a buyer's; it is ignored
    // rather than sending a signed-in buyer to the login page.
    if (!viewer.known) return;
    if (!viewer.signedIn) {
      void navigate(loginPath(location));
      return;
    }
    if (pending) return;
    setPending(true);
    try {
      await pause(ADD_TO_CART_DELAY_MS);
      const result = await mutate({ variables: { lines: [{ ...extras, goodsId, number }] } });
      const message = result.data?.addToCart.message;
      toast(message ?? '加入购物车成功', 'success');
    } catch {
      // The error link has already told the buyer what went wrong (dialog, toast or login).
    } finally {
      setPending(false);
    }
  }

  return { add, pending };
}
