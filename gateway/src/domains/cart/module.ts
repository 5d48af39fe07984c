import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { CartMapper } from './mappers';
import { cartResolvers } from './resolvers';
import { fetchCartList } from './rest';

declare module '../../context' {
  interface Loaders {
    /** The buyer's priced cart; a mutation replaces it with the cart read after the change. */
    cart: Once<CartMapper>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: cartResolvers,
  loaders: (upstream) => ({ cart: new Once(() => fetchCartList(upstream)) }),
};
