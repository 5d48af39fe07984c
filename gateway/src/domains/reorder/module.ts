import type { GatewayModule } from '../../module';
import { reorderResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: reorderResolvers };
