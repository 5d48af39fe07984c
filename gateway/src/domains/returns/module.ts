import type { GatewayModule } from '../../module';
import { returnResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: returnResolvers };
