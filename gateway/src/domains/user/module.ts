import type { GatewayModule } from '../../module';
import { Once } from '../../once';
import type { AddressMapper, SiteConfigMapper } from './mappers';
import { userResolvers } from './resolvers';
import { fetchAddresses, fetchUserBase } from './rest';

declare module '../../context' {
  interface Loaders {
    userBase: Once<SiteConfigMapper>;
    addresses: Once<AddressMapper[]>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: userResolvers,
  loaders: (upstream) => ({
    userBase: new Once(() => fetchUserBase(upstream)),
    addresses: new Once(() => fetchAddresses(upstream)),
  }),
};
