import { formatUnitPrice, UNIT_WORDS, type UnitWord } from '@pharma/domain/unit-price';
import type { Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { goodsOf } from '../goods/view';
import { shownPackPrice } from '../goods/promotion-price';
import { fetchSameGeneric } from './rest';

/** COMPARE-03: at most this many goods in one comparison (the upstream's limit). */
export const SAME_GENERIC_MAX = 50;

const isUnitWord = (word: string): word is UnitWord => (UNIT_WORDS as readonly string[]).includes(word);

export const compareResolvers: Resolvers = {
  Goods: {
    packQuantity: (goods) => goods.packQuantity,
    // COMPARE-02: the price shown over its units (a running discount's price when one runs, as the card shows and
    // the cart charges); none when the spec did not say them.
    unitPrice: async (goods, _args, { loaders }) =>
      goods.unitsPerPack === null || goods.unitWord === null || !isUnitWord(goods.unitWord)
        ? null
        : { fen: await shownPackPrice(goods, loaders), units: goods.unitsPerPack, word: goods.unitWord },
    sameGeneric: async (goods, { limit }, { upstream }) => {
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > SAME_GENERIC_MAX) {
        throw badUserInput({ limit: [`数量必须在1到${SAME_GENERIC_MAX}之间`] });
      }
      return fetchSameGeneric(upstream, goods.id, limit);
    },
  },
  SameGenericComparison: {
    // COMPARE-03: cheapest unit first at the prices shown; the upstream orders by the goods' own prices, which a
    // running discount may undercut. Goods without a unit price stay last, in the upstream's order.
    goods: async (comparison, _args, { loaders }) => {
      const goods = comparison.goods.map(goodsOf);
      const perUnit = await Promise.all(
        goods.map(async (each) =>
          each.unitsPerPack === null ? Infinity : (await shownPackPrice(each, loaders)) / each.unitsPerPack,
        ),
      );
      return goods
        .map((each, i) => ({ each, unit: perUnit[i] ?? Infinity }))
        .sort((a, b) => (a.unit === b.unit ? 0 : a.unit < b.unit ? -1 : 1))
        .map(({ each }) => each);
    },
  },
  UnitPrice: {
    // Money is integer fen: the unit's price floored to the fen, as it is shown.
    perUnit: (price) => Math.floor(price.fen / price.units),
    unitsPerPack: (price) => price.units,
    unitWord: (price) => price.word,
    label: (price) => formatUnitPrice(price),
  },
};
