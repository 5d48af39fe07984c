import type { Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { fetchControlledSalesAds } from './rest';
import { isRecordId } from '@pharma/domain/validation';

/** The upstream's limit of ads asked for at once (GET /api/focus/kxzq_ad). */
export const MAX_ADS = 20;

/** Only a positive decimal id can name an advertisement; anything else names none, so it is left out unasked. */

export const controlledSalesResolvers: Resolvers = {
  Query: {
    controlledSalesSeriesList: (_parent, _args, { loaders }) => loaders.controlledSalesSeries.get(),
    controlledSalesSeries: async (_parent, { id }, { loaders }) => {
      const wanted = id.trim();
      if (!isRecordId(wanted)) return null;
      const all = await loaders.controlledSalesSeries.get();
      return all.find((series) => String(series.id) === wanted) ?? null;
    },
    controlledSalesAds: async (_parent, { ids }, { upstream }) => {
      const wanted = [...new Set(ids.map((id) => id.trim()))].filter(isRecordId);
      if (wanted.length > MAX_ADS) throw badUserInput({ ids: [`一次最多显示${MAX_ADS}个广告`] });
      if (wanted.length === 0) return [];
      return fetchControlledSalesAds(upstream, wanted);
    },
  },
  ControlledSalesSeries: {
    id: (series) => String(series.id),
    logo: (series) => series.logo || null,
    goodsCount: (series) => series.goods_count,
    adIds: (series) => (series.ad_ids ?? []).map(String),
  },
};
