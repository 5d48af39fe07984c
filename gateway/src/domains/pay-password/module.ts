import type { GatewayModule } from '../../module';
import { payPasswordResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: payPasswordResolvers };
