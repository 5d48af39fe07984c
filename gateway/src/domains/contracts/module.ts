import type { GatewayModule } from '../../module';
import { contractResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: contractResolvers };
