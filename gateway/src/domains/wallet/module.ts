import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { CouponCountsMapper } from './mappers';
import { walletResolvers } from './resolvers';
import { fetchCouponCounts, fetchPoints, fetchWalletBalance } from './rest';

declare module '../../context' {
  interface Loaders {
    walletBalance: Once<number>;
    points: Once<number>;
    couponCounts: Once<CouponCountsMapper>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: walletResolvers,
  loaders: (upstream) => ({
    walletBalance: new Once(() => fetchWalletBalance(upstream)),
    points: new Once(() => fetchPoints(upstream)),
    couponCounts: new Once(() => fetchCouponCounts(upstream)),
  }),
};
