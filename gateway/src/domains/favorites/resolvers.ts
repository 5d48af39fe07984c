import type { Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { checkPaging } from '../../paging';
import { Wording } from '@pharma/domain/wording';
import { MAX_GOODS_PER_CALL } from '../goods/rest';
import { goodsOf } from '../goods/view';
import { changeFavorites, fetchFavorites } from './rest';

/** Distinct ids, refused before any upstream call when there are none or more than a page. */
function goodsIdsOf(goodsIds: readonly string[]): string[] {
  const ids = [...new Set(goodsIds.map((id) => id.trim()))];
  if (ids.length === 0 || ids.some((id) => id === '')) throw badUserInput({ goodsIds: [Wording.chooseGoods] });
  if (ids.length > MAX_GOODS_PER_CALL) throw badUserInput({ goodsIds: [`一次最多操作${MAX_GOODS_PER_CALL}件商品`] });
  return ids;
}

export const favoriteResolvers: Resolvers = {
  Query: {
    favorites: async (_parent, { page, pageSize }, { upstream, loaders }) => {
      checkPaging(page, pageSize, 100);
      const found = await fetchFavorites(upstream, { page, page_size: pageSize });
      // Every goods of this page is a favourite: their marks need no check call.
      for (const goods of found.data) loaders.favorite.prime(String(goods.id), true);
      return found;
    },
  },
  Mutation: {
    addFavorite: async (_parent, { goodsIds }, { upstream, loaders }) => {
      const change = await changeFavorites(upstream, goodsIdsOf(goodsIds), true);
      for (const goods of change.goods) loaders.favorite.clear(String(goods.id)).prime(String(goods.id), true);
      return change;
    },
    removeFavorite: async (_parent, { goodsIds }, { upstream, loaders }) => {
      const change = await changeFavorites(upstream, goodsIdsOf(goodsIds), false);
      for (const goods of change.goods) loaders.favorite.clear(String(goods.id)).prime(String(goods.id), false);
      return change;
    },
  },
  FavoritePayload: {
    message: (change) => change.message || null,
    goods: (change) => change.goods.map(goodsOf),
  },
  Goods: {
    isFavorite: (goods, _args, { loaders }) => loaders.favorite.read(goods.id),
  },
};
