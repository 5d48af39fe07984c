import type { GatewayModule } from '../../module';
import { wechatResolvers } from './resolvers';

export const gatewayModule: GatewayModule = { resolvers: wechatResolvers };
