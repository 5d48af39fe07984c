import type { PointsMallErrorCode, Resolvers } from '../../generated/resolvers';
import { upstreamCodeOf } from '../../errors';
import { checkPaging } from '../../paging';
import { isBuyer } from '../user/rest';
import type { ExchangePointsGoodsPayloadMapper } from './mappers';
import { fetchPointsGoods, postExchange } from './rest';

const PAGE_MAX = 50;

/** The exchange's refusals a buyer can expect (MALL-02, MALL-04), by the upstream's business code. */
const REFUSALS: Record<number, { code: PointsMallErrorCode; field: string }> = {
  40002: { code: 'OFF_SHELF', field: 'goodsId' },
  40001: { code: 'OUT_OF_STOCK', field: 'quantity' },
  40006: { code: 'POINTS_TOO_LOW', field: 'quantity' },
};

export const pointsMallResolvers: Resolvers = {
  Query: {
    pointsGoods: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, PAGE_MAX);
      return fetchPointsGoods(upstream, { page, page_size: pageSize });
    },
  },
  Mutation: {
    // The quantity's and the ids' rules are the upstream's (422 naming the field): two copies would drift.
    exchangePointsGoods: async (
      _parent,
      { input },
      { upstream, loaders },
    ): Promise<ExchangePointsGoodsPayloadMapper> => {
      try {
        const answer = await postExchange(upstream, {
          goods_id: input.goodsId,
          quantity: input.quantity,
          address_id: input.addressId,
        });
        // The points the exchange left are the wallet's now: a `viewer { wallet { points } }` asks nothing more.
        loaders.points.set(Promise.resolve(answer.points));
        return { pointsOrder: answer.order, points: answer.points, goods: answer.goods, userErrors: [] };
      } catch (error) {
        const code = upstreamCodeOf(error);
        const refusal = code === undefined ? undefined : REFUSALS[code];
        if (refusal === undefined || !(error instanceof Error)) throw error;
        return { pointsOrder: null, points: null, goods: null, userErrors: [{ message: error.message, ...refusal }] };
      }
    },
  },
  ExchangePointsGoodsPayload: {
    viewer: async (payload, _args, { loaders }) => {
      if (payload.pointsOrder === null) return null;
      const base = await loaders.userBase.get();
      return isBuyer(base) ? base : null;
    },
  },
  PointsGoodsPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  PointsGoods: {
    id: (goods) => String(goods.id),
    image: (goods) => goods.image || null,
    perBuyerLimit: (goods) => goods.per_buyer_limit,
    onShelf: (goods) => goods.on_shelf === 1,
  },
};
