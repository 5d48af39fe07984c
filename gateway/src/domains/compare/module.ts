import type { GatewayModule } from '../../module';
import { compareResolvers } from './resolvers';

/** 同品种比价 and the unit price of a goods (COMPARE rules, issue 29). */
export const gatewayModule: GatewayModule = { resolvers: compareResolvers };
