import type { GatewayModule } from '../../module';
import { storeResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: storeResolvers };
