import type { Resolvers } from '../../generated/resolvers';
import { goodsFilterQuery } from '../goods/resolvers';
import { FACET_KEYS, filterValueOf } from './query';
import { fetchGoodsFacets } from './rest';

export const facetsResolvers: Resolvers = {
  Query: {
    // FACET-01: the facets of the list the same filter names; each value as the filter's field takes it.
    goodsFacets: async (_parent, { filter }, { upstream }) => {
      const answer = await fetchGoodsFacets(upstream, goodsFilterQuery(filter));
      return {
        total: answer.total,
        facets: answer.facets.flatMap((facet) => {
          const key = FACET_KEYS[facet.key];
          // The contract's enum names every facet; one the schema does not know yet would be left out.
          if (key === undefined) return [];
          return [
            {
              key,
              name: facet.name,
              more: facet.more,
              values: facet.values.map((v) => ({
                value: filterValueOf(key, v.value),
                name: v.name,
                count: v.count,
                selected: v.selected,
              })),
            },
          ];
        }),
      };
    },
  },
};
