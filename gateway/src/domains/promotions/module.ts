import type { GatewayModule } from '../../module';
import { promotionResolvers } from './resolvers';

/** Campaign pages (PROMO): cashback, welfare, the good-doctors hub and templates. */
export const gatewayModule: GatewayModule = { resolvers: promotionResolvers };
