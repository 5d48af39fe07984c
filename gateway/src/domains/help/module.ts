import type { GatewayModule } from '../../module';
import { helpResolvers } from './resolvers';

/** Help articles, fixed information pages and news posts in full (INFO in docs/product.md). */
export const gatewayModule: GatewayModule = { resolvers: helpResolvers };
