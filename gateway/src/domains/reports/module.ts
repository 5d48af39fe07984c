import type { GatewayModule } from '../../module';
import { reportResolvers } from './resolvers';

/** Inspection reports of goods batches (REPORT in docs/product.md). */
export const gatewayModule: GatewayModule = { resolvers: reportResolvers };
