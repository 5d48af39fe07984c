import type { GatewayModule } from '../../module';
import { messageResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: messageResolvers };
