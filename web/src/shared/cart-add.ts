import type { InlineInputErrorsContext } from './error-policy';
import { useMemberAction } from './member-action';
import { toast } from './notify';

/** CART-13: adding to a cart is delayed 200 ms, which also absorbs a double click on the button. */
export const ADD_TO_CART_DELAY_MS = 200;

/**
 * CART-13: the context of every add-to-cart mutation (`useMutation(Add, { context: CART_ADD_CONTEXT })`): a refusal
 * (40001 库存不足…) is the answer's message with a warning icon, a toast like the success one, not a dialog.
 */
export const CART_ADD_CONTEXT: InlineInputErrorsContext = { refusalAsToast: true };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every way of putting something in the cart shares (goods, a set, a group-buy join): a visitor goes to the
 * login page, one add at a time, the 200 ms delay of CART-13, and the answer's message as a success toast. `send` runs
 * the mutation (with CART_ADD_CONTEXT) and answers its message; a refusal has already been told by the error link,
 * as a warning toast.
 */
export function useCartAdd() {
  const { run: act, pending } = useMemberAction();

  const run = (send: () => Promise<string | null | undefined>): Promise<void> =>
    act(async () => {
      await pause(ADD_TO_CART_DELAY_MS);
      toast((await send()) ?? '加入购物车成功', 'success');
    });

  return { run, pending };
}
