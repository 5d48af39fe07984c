import { formatUnitPrice, UNIT_WORDS, type UnitWord } from '@pharma/domain/unit-price';
import type { Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { goodsOf } from '../goods/view';
import { fetchSameGeneric } from './rest';

/** COMPARE-03: at most this many goods in one comparison (the upstream's limit). */
export const SAME_GENERIC_MAX = 50;

const isUnitWord = (word: string): word is UnitWord => (UNIT_WORDS as readonly string[]).includes(word);

export const compareResolvers: Resolvers = {
  Goods: {
    packQuantity: (goods) => goods.packQuantity,
    // COMPARE-02: the goods' price over its units; none when the spec did not say them.
    unitPrice: (goods) =>
      goods.unitsPerPack === null || goods.unitWord === null || !isUnitWord(goods.unitWord)
        ? null
        : { fen: goods.price, units: goods.unitsPerPack, word: goods.unitWord },
    sameGeneric: async (goods, { limit }, { upstream }) => {
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > SAME_GENERIC_MAX) {
        throw badUserInput({ limit: [`数量必须在1到${SAME_GENERIC_MAX}之间`] });
      }
      return fetchSameGeneric(upstream, goods.id, limit);
    },
  },
  SameGenericComparison: {
    goods: (comparison) => comparison.goods.map(goodsOf),
  },
  UnitPrice: {
    // Money is integer fen: the unit's price floored to the fen, as it is shown.
    perUnit: (price) => Math.floor(price.fen / price.units),
    unitsPerPack: (price) => price.units,
    unitWord: (price) => price.word,
    label: (price) => formatUnitPrice(price),
  },
};
