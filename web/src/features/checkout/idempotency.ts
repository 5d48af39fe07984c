/**
 * placeOrder's idempotency key: made once per page view, so that a double click, a retry after a lost answer or
 * a remount of the confirm page all submit the same key and the upstream places one order. A page view is a
 * history entry (React Router's `location.key`): coming back to the confirm page through the back button reuses
 * its key (the gateway answers the order already placed); a new visit from the cart gets a new one.
 */
const keysByView = new Map<string, string>();

/** History entries kept; older ones are dropped first (a Map iterates in insertion order). */
const MAX_VIEWS = 50;

export function idempotencyKeyFor(viewKey: string, makeKey: () => string = () => crypto.randomUUID()): string {
  const known = keysByView.get(viewKey);
  if (known) return known;
  const key = makeKey();
  keysByView.set(viewKey, key);
  if (keysByView.size > MAX_VIEWS) {
    const oldest = keysByView.keys().next();
    if (!oldest.done) keysByView.delete(oldest.value);
  }
  return key;
}
