import DataLoader from 'dataloader';
import { settle } from '../../once';
import type { GatewayModule } from '../../module';
import type { OrderMapper } from './mappers';
import { orderResolvers } from './resolvers';
import { fetchOrder } from './rest';

declare module '../../context' {
  interface Loaders {
    order: DataLoader<string, OrderMapper | null>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: orderResolvers,
  loaders: (upstream) => ({
    order: new DataLoader((ids) => Promise.all(ids.map((id) => settle(fetchOrder(upstream, id))))),
  }),
};
