import { Repeater } from 'graphql-yoga';
import { parseRecordId } from '@pharma/domain/validation';
import type { Context } from '../../context';
import { errorCodeOf, unauthenticated } from '../../errors';
import { isBuyer } from '../user/rest';
// The `userBase` loader this file reads is declared there; app.ts reaches this file without the modules.
import type {} from '../user/module';
import type { CartMapper } from './mappers';
import { fetchCartList } from './rest';

/**
 * CART-29: a stream answers the carts other operations published for as long as its own session was confirmed
 * within this time; past it, the next event is answered with the cart read through the stream's own session, which
 * confirms the session or ends the stream. A published cart costs no upstream call, so a burst of changes to a
 * buyer's cart reaches every screen at once (ADR 0213).
 */
export const SESSION_RECHECK_MS = 60_000;

/** Operations that changed the cart and have published no read of it yet (CART-28). */
const unpublished = new WeakMap<object, Context>();

/**
 * CART-28: the cart an operation read right after its change goes to every subscriber of the buyer, as it was read:
 * the topic is the owner the upstream names in it (`user_id`), never anything the client sent.
 */
export function publishRead(context: Context, read: Promise<CartMapper>): void {
  unpublished.delete(context);
  read.then(
    (cart) => context.pubsub.publish('cartChanged', String(cart.user_id), { cart }),
    // The operation reports the failed read itself; the subscribers are told to read for themselves instead.
    () => void unpublished.set(context, context),
  );
}

/**
 * CART-28: the operation changed the cart and reads it only if its client asks for the answer's `cart` (an order
 * placed, an order bought again, a purchase list imported); `settleCartChanges` tells the subscribers at its end.
 */
export function cartChanged(context: Context): void {
  unpublished.set(context, context);
}

/**
 * At the end of an operation (plugins/cart-events.ts): a change no read was published for is announced without a
 * cart, and each subscriber reads it through its own session. The buyer is the one the upstream says the session
 * belongs to; no cart is read for a subscriber who may not exist.
 */
export function settleCartChanges(contextValue: object): void {
  const context = unpublished.get(contextValue);
  if (context === undefined) return;
  unpublished.delete(contextValue);
  context.loaders.userBase.get().then(
    (base) => {
      if (isBuyer(base)) context.pubsub.publish('cartChanged', String(base.id), { cart: null });
    },
    // The upstream failed or the session has ended: the change goes unannounced, and screens catch up on their next
    // read of the cart.
    () => undefined,
  );
}

/**
 * CART-19, CART-28: lines copied into the carts of the company's other stores. This session cannot read their
 * carts, so their subscribers are told to read them. The ids are the client's, accepted by the upstream only as the
 * company's own stores; and an event without a cart discloses nothing whichever buyer it reached.
 */
export function announceCopies(context: Context, storeUserIds: readonly string[]): void {
  const ids = new Set(storeUserIds.map((raw) => parseRecordId(raw.trim())));
  for (const id of ids) if (id !== undefined) context.pubsub.publish('cartChanged', String(id), { cart: null });
}

/**
 * CART-27: the signed-in buyer's cart changes. The topic is the buyer the upstream says the session belongs to; a
 * visitor is refused before anything is subscribed.
 */
export async function subscribeToCart(context: Context): Promise<AsyncIterable<CartMapper>> {
  const base = await context.loaders.userBase.get();
  if (!isBuyer(base)) throw unauthenticated();
  return followCart(context, base.id);
}

type OwnRead = CartMapper | 'ended' | 'failed';

async function readOwnCart(context: Context): Promise<OwnRead> {
  try {
    return await fetchCartList(context.upstream);
  } catch (error) {
    return errorCodeOf(error) === 'UNAUTHENTICATED' ? 'ended' : 'failed';
  }
}

/**
 * A Repeater rather than an async generator: a generator waiting for the next event cannot be returned until one
 * comes, so a closed connection would hold its listener (and its Redis channel) until the buyer's next change.
 */
function followCart(context: Context, buyerId: number): Repeater<CartMapper> {
  return new Repeater<CartMapper>(async (push, stop) => {
    const events = context.pubsub.subscribe('cartChanged', String(buyerId));
    void stop.then(() => events.return());
    let confirmedAt = Date.now();
    for await (const { cart: published } of events) {
      if (published !== null && Date.now() - confirmedAt < SESSION_RECHECK_MS) {
        await push(published);
        continue;
      }
      const own = await readOwnCart(context);
      // CART-29: the session ended, or now belongs to another buyer (switching stores): the stream ends, quietly;
      // subscribing again says why.
      if (own === 'ended' || (own !== 'failed' && own.user_id !== buyerId)) break;
      if (own !== 'failed') {
        confirmedAt = Date.now();
        await push(own);
      } else if (published !== null) {
        // The upstream is failing, not the session: the published cart is still the buyer's latest.
        await push(published);
      }
    }
    stop();
  });
}
