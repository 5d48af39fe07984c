import type { GatewayModule } from '../../module';
import { facetsResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: facetsResolvers };
