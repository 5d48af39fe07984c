import type { GatewayModule } from '../../module';
import { ReadAheadLoader, settle } from '../../once';
import { MAX_GOODS_PER_CALL } from '../goods/rest';
import { favoriteResolvers } from './resolvers';
import { fetchFavoriteIds } from './rest';

declare module '../../context' {
  interface Loaders {
    /** Whether each goods is the buyer's favourite: one upstream call per page of goods, none for a visitor. */
    favorite: ReadAheadLoader<boolean>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: favoriteResolvers,
  loaders: (upstream) => ({
    favorite: new ReadAheadLoader(
      async (ids) => {
        if (!upstream.presentsCredentials) return ids.map(() => false);
        // A failed check is each mark's answer, kept: a page that read its marks ahead does not ask again per goods.
        const favorites = await settle(fetchFavoriteIds(upstream, ids));
        return ids.map((id) => (favorites instanceof Error ? favorites : favorites.has(id)));
      },
      { maxBatchSize: MAX_GOODS_PER_CALL },
    ),
  }),
};
