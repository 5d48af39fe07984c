import type { Plugin } from 'graphql-yoga';
import { settleCartChanges } from '../domains/cart/live';

/**
 * CART-28: once an operation has run, a cart change it made without publishing a read of the cart (its client did
 * not ask for the answer's `cart`) is announced to the buyer's subscribers. Only then is it known whether a field
 * of the answer read the cart, so a change is announced once, with the cart when there is one.
 */
export function useCartEvents(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ args }) {
          settleCartChanges(args.contextValue);
        },
      };
    },
  };
}
