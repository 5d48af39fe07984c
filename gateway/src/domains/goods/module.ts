import DataLoader from 'dataloader';
import { ReadAheadLoader, settle } from '../../once';
import type { GatewayModule } from '../../module';
import type { Schemas } from '../../rest/client';
import type { GoodsActivityMapper } from './mappers';
import { goodsResolvers } from './resolvers';
import {
  fetchActivities,
  fetchActivity,
  fetchActivityList,
  fetchGoodsDetail,
  MAX_ACTIVITIES_PER_CALL,
  MAX_GOODS_PER_CALL,
} from './rest';

declare module '../../context' {
  interface Loaders {
    /** Goods as the upstream answers them, by id (null when unknown); mapped where they are answered (goodsOf). */
    goods: DataLoader<string, Schemas['Goods'] | null>;
    /** The activities of each goods: one upstream call per page of goods. */
    activities: ReadAheadLoader<GoodsActivityMapper[]>;
    /** Activities by themselves, by id (null when unknown): one upstream call for all an operation names. */
    activity: DataLoader<string, GoodsActivityMapper | null>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: goodsResolvers,
  loaders: (upstream) => ({
    // The upstream has no batch endpoint, so a batch is the distinct ids fetched in parallel; the loader's value is
    // deduplication within the operation.
    goods: new DataLoader((ids) => Promise.all(ids.map((id) => settle(fetchGoodsDetail(upstream, id))))),
    activities: new ReadAheadLoader(
      async (ids) => {
        // A failed read is each goods' answer, kept: a page that read ahead does not ask again per goods.
        const byGoods = await settle(fetchActivities(upstream, ids));
        return ids.map((id) => (byGoods instanceof Error ? byGoods : (byGoods.get(id) ?? [])));
      },
      { maxBatchSize: MAX_GOODS_PER_CALL },
    ),
    activity: new DataLoader(
      async (ids) => {
        // One activity is its own resource (a 404 is null); several are one list call.
        const [only] = ids;
        if (ids.length === 1 && only !== undefined) return [await fetchActivity(upstream, only)];
        const found = new Map((await fetchActivityList(upstream, ids)).map((a) => [String(a.id), a]));
        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: MAX_ACTIVITIES_PER_CALL },
    ),
  }),
};
