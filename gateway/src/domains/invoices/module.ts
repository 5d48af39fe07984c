import type { GatewayModule } from '../../module';
import { invoiceResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: invoiceResolvers };
