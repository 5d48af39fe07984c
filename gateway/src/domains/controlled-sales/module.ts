import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { ControlledSalesSeriesMapper } from './mappers';
import { controlledSalesResolvers } from './resolvers';
import { fetchControlledSalesSeries } from './rest';

declare module '../../context' {
  interface Loaders {
    /** The controlled-sales series: the index and any one series of an operation share one call. */
    controlledSalesSeries: Once<ControlledSalesSeriesMapper[]>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: controlledSalesResolvers,
  loaders: (upstream) => ({ controlledSalesSeries: new Once(() => fetchControlledSalesSeries(upstream)) }),
};
