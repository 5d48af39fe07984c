import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from './notify';
import { loginPath } from './redirect';
import { useViewer } from './viewer';

/** Spec 7 and 9: adding to a cart is delayed 200 ms, which also absorbs a double click on the button. */
export const ADD_TO_CART_DELAY_MS = 200;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every way of putting something in the cart shares (goods, a set, a group-buy join): a visitor goes to the
 * login page, one add at a time, the spec's 200 ms delay, and the answer's message as a success toast. `send` runs
 * the mutation and answers its message; a failure has already been told by the error link.
 */
export function useCartAdd() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);

  async function run(send: () => Promise<string | null | undefined>): Promise<void> {
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
      toast((await send()) ?? '加入购物车成功', 'success');
    } catch {
      // The error link has already told the buyer what went wrong (dialog, toast or login).
    } finally {
      setPending(false);
    }
  }

  return { run, pending };
}
