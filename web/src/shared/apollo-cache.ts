import { InMemoryCache } from '@apollo/client';

/**
 * One normalised entry per entity: the header badge and the cart panel both read `Cart:<id>`, and every cart
 * mutation answers that entry, so both change together without a refetch.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // `Query.cart` needs no policy of its own: it holds a reference to `Cart:<id>`, which is what every cart
      // mutation writes, so reading the field always reads the latest cart.
      Cart: {
        keyFields: ['id'],
        fields: {
          // The answer is the whole cart: its lines replace the old list instead of being merged into it.
          lines: { merge: false },
        },
      },
      // The shell's cart answer carries only part of the summary: arriving after the cart page's answer (their route
      // loaders run side by side), it must not take away the fields the page reads.
      CartSummary: { merge: true },
      CartLine: { keyFields: ['id'] },
      Goods: { keyFields: ['id'] },
      // An activity's `price` is each goods' own (a seckill price): entries stay with their goods, never merged by id.
      GoodsActivity: { keyFields: false },
      User: { keyFields: ['id'] },
      // A cancelled or paid order changes its one entry, so the list and the detail agree without a refetch.
      Order: { keyFields: ['id'] },
      Address: { keyFields: ['id'] },
      Coupon: { keyFields: ['id'] },
      // The wallet has no id of its own: it belongs to the signed-in buyer, and a fresh answer replaces it.
      Wallet: { merge: true },
      // The buyer's document warning and account manager have no id either. The frame's answer carries only part of
      // the warning: arriving after the member centre's (their route loaders run side by side, and on a loaded
      // server the frame's can come second), it took away `blocksOrdering`, and the page asked for itself again,
      // one more request and, on the server, a render pass per part waiting for it.
      QualificationAlert: { merge: true },
      AccountManager: { merge: true },
      // Site settings are one object for the whole marketplace.
      SiteConfig: { keyFields: [] },
    },
  });
}
