import DataLoader from 'dataloader';
import type { GatewayModule } from '../../module';
import { MAX_GOODS_PER_CALL } from '../goods/rest';
import { favoriteResolvers } from './resolvers';
import { fetchFavoriteIds } from './rest';

declare module '../../context' {
  interface Loaders {
    /** Whether each goods is the buyer's favourite: one upstream call per page of goods, none for a visitor. */
    favorite: DataLoader<string, boolean>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: favoriteResolvers,
  loaders: (upstream) => ({
    favorite: new DataLoader(
      async (ids) => {
        if (!upstream.presentsCredentials) return ids.map(() => false);
        const favorites = await fetchFavoriteIds(upstream, ids);
        return ids.map((id) => favorites.has(id));
      },
      { maxBatchSize: MAX_GOODS_PER_CALL },
    ),
  }),
};
