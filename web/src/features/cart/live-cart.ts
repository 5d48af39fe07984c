import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import { sseLink } from '../../shared/sse-link';

/**
 * CART-30: the buyer's cart as every change sends it (CART-27), in the same fragment the cart mutations answer, so
 * the event writes the one normalised `Cart:<id>` entry the header badge, the side panel and the cart page read.
 */
export const CartChangedSubscription = graphql(`
  subscription CartChanged {
    cartChanged {
      ...CartViews_cart
    }
  }
`);

/** The reads of the cart a missed change would leave stale: the shell's (badge, panel) and the cart page's. */
const CART_READS = new Set(['ShellCart', 'CartPage']);

/** A stream that stayed open this long was healthy: the next reconnect starts from the shortest wait again. */
const HEALTHY_MS = 60_000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;

/**
 * How long to wait before reconnecting after `failures` short-lived streams: doubling up to a minute, each wait
 * drawn from its upper half, so the tabs a restarted gateway dropped do not all come back in the same instant.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** The gateway no longer knows the session (CART-29): reconnecting would be refused the same way. */
function signedOut(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) && error.errors.some((item) => item.extensions?.['code'] === 'UNAUTHENTICATED')
  );
}

/**
 * Follows the cart until the answer says the session has ended or the caller stops it. A stream that ends (a
 * gateway stopping, a proxy's time-out, the network) is opened again, and the shell's and the cart page's reads are
 * refreshed, as a change made meanwhile was not sent. Failures are secondary (ERR-10): the buyer hears of none.
 */
export function followCart(client: ApolloClient): () => void {
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: { unsubscribe(): void } | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    current?.unsubscribe();
  };
  const connect = (again: boolean) => {
    const openedAt = Date.now();
    const reconnect = () => {
      if (stopped) return;
      failures = Date.now() - openedAt >= HEALTHY_MS ? 0 : failures + 1;
      timer = setTimeout(() => connect(true), retryDelay(failures));
    };
    current = client
      .subscribe({ query: CartChangedSubscription, context: { ...SECONDARY, transport: sseLink } })
      .subscribe({
        next: ({ error }) => {
          if (signedOut(error)) stop();
        },
        error: reconnect,
        complete: reconnect,
      });
    if (again) {
      // Only those that are mounted: naming one that is not makes Apollo warn, and the cart page is often not.
      const refetch = client.refetchQueries({
        include: 'active',
        onQueryUpdated: (query) => query.queryName !== undefined && CART_READS.has(query.queryName),
      });
      Promise.resolve(refetch).catch(() => undefined);
    }
  };
  connect(false);
  return stop;
}
