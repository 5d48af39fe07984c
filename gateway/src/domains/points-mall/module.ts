import type { GatewayModule } from '../../module';
import { pointsMallResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: pointsMallResolvers };
