import type { GatewayModule } from '../../module';
import { firstBusinessResolvers } from './resolvers';

/** First-business documents (首营资料, FIRST in docs/product.md): what the company took; the zip is a file route. */
export const gatewayModule: GatewayModule = { resolvers: firstBusinessResolvers };
