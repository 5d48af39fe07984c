import { useMemberAction } from './member-action';
import { toast } from './notify';

/** CART-13: adding to a cart is delayed 200 ms, which also absorbs a double click on the button. */
export const ADD_TO_CART_DELAY_MS = 200;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every way of putting something in the cart shares (goods, a set, a group-buy join): a visitor goes to the
 * login page, one add at a time, the 200 ms delay of CART-13, and the answer's message as a success toast. `send` runs
 * the mutation and answers its message; a failure has already been told by the error link.
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
