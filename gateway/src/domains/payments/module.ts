import type { GatewayModule } from '../../module';
import { paymentResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: paymentResolvers };
