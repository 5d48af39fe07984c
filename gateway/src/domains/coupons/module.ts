import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import { couponResolvers } from './resolvers';
import { fetchUnusedCouponCount } from './rest';

declare module '../../context' {
  interface Loaders {
    unusedCouponCount: Once<number>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: couponResolvers,
  loaders: (upstream) => ({ unusedCouponCount: new Once(() => fetchUnusedCouponCount(upstream)) }),
};
