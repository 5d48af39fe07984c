import type { GatewayModule } from '../../module';
import { quickBuyResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: quickBuyResolvers };
