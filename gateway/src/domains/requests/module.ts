import type { GatewayModule } from '../../module';
import { requestResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: requestResolvers };
