import type { GatewayModule } from '../../module';
import { purchaseListResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: purchaseListResolvers };
