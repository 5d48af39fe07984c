import type { GatewayModule } from '../../module';
import { registrationResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: registrationResolvers };
