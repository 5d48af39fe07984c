import type { GatewayModule } from '../../module';
import { creditResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: creditResolvers };
