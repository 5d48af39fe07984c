import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { useAfterIdle } from '../../shared/after-idle';
import { useViewer } from '../../shared/viewer';

/**
 * CART-30: the frame follows the signed-in buyer's cart, once per tab. It starts when the page is first idle after
 * hydrating, with its code in a chunk of its own (the home route's budget, ADR 0302), never on the server (effects
 * do not run there), and stops when the buyer is no longer signed in.
 */
export function useLiveCart(): void {
  const { signedIn } = useViewer();
  const idle = useAfterIdle();
  const client = useApolloClient();
  useEffect(() => {
    if (!idle || !signedIn) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('./live-cart')
      .then(({ followCart }) => {
        if (!left) stop = followCart(client);
      })
      // A chunk that failed to load costs only the live updates: every page still reads the cart.
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [idle, signedIn, client]);
}
