import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { AnswerData } from '../../rest/client';
import { focusResolvers } from './resolvers';
import { fetchFocusCommon } from './rest';

declare module '../../context' {
  interface Loaders {
    /** The header's lists (GET /api/focus/common), read once per operation. */
    focusCommon: Once<AnswerData<'/api/focus/common', 'get'>>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: focusResolvers,
  loaders: (upstream) => ({ focusCommon: new Once(() => fetchFocusCommon(upstream)) }),
};
