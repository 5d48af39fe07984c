import type { CartLineInput, CartLineType, Resolvers } from '../../generated/resolvers';
import type { Context } from '../../context';
import { badUserInput } from '../../errors';
import { lineType } from '@pharma/domain/cart-pricing';
import { Wording } from '@pharma/domain/wording';
import type { CartMapper } from './mappers';
import { goodsOf } from '../goods/view';
import { announceCopies, publishRead, subscribeToCart } from './live';
import { isRecordId } from '@pharma/domain/validation';
import {
  fetchCartCount,
  fetchCartList,
  fetchCouponOptions,
  fetchNextTierHint,
  fetchStoreAccounts,
  postAddToCart,
  postCopyLines,
  postEditLine,
  postRemoveLines,
  postSelectLines,
  type CartAddParams,
} from './rest';

const QUANTITY_MESSAGE = Wording.quantity;
const SETS_MESSAGE = Wording.sets;
const TYPE_CODES: Record<CartLineType, 0 | 1 | 2 | 3 | 4> = {
  NORMAL: 0,
  SECKILL: 1,
  GROUP_BUY: 2,
  COMBINATION: 3,
  EXCHANGE: 4,
};

/**
 * After a change (a cart mutation, an order placed) the cart is read again, so the answer is the upstream's cart,
 * not the gateway's guess: the change's POST and this read are a mutation's only two upstream calls (CART-22). The
 * same read goes to the buyer's other screens (CART-28).
 */
export function refreshCart(context: Context): Promise<CartMapper> {
  const cart = fetchCartList(context.upstream);
  context.loaders.cart.set(cart);
  publishRead(context, cart);
  return cart;
}

async function freshCart(context: Context, message: string): Promise<{ cart: CartMapper; message: string | null }> {
  return { cart: await refreshCart(context), message: message || null };
}

function checkQuantity(number: number, field = 'number', message: string = QUANTITY_MESSAGE): void {
  if (!Number.isSafeInteger(number) || number < 1) throw badUserInput({ [field]: [message] });
}

function addParams(line: CartLineInput): CartAddParams {
  return {
    goods_id: line.goodsId,
    number: line.number,
    goods_price_id: line.goodsPriceId ?? undefined,
    ladder_price_id: line.ladderPriceId ?? undefined,
    goods_manjian_id: line.goodsManjianId ?? undefined,
    is_yj: line.isYj == null ? undefined : line.isYj ? 1 : 0,
    type: line.type ? TYPE_CODES[line.type] : undefined,
  };
}

export const cartResolvers: Resolvers = {
  Query: {
    cart: (_parent, _args, { loaders }) => loaders.cart.get(),
    nextTierHint: async (_parent, { goodsId, number }, { upstream }) => {
      checkQuantity(number);
      const id = goodsId.trim();
      // An id no goods can have has no tiers: answered without asking, as an unknown goods would be.
      if (!isRecordId(id)) return null;
      const { hint, next } = await fetchNextTierHint(upstream, id, number);
      return hint === null || next === null ? null : { text: hint, number: next.number, price: next.price };
    },
    cartCouponOptions: (_parent, { lineIds }, { upstream }) => {
      const ids = lineIds?.map((id) => id.trim());
      if (ids?.some((id) => !isRecordId(id))) throw badUserInput({ lineIds: ['购物车商品不存在'] });
      return fetchCouponOptions(upstream, ids);
    },
  },
  Mutation: {
    addToCart: async (_parent, { lines }, context) => {
      if (lines.length === 0) throw badUserInput({ lines: [Wording.chooseGoods] });
      lines.forEach((line) => checkQuantity(line.number));
      const message = await postAddToCart(context.upstream, lines.map(addParams));
      return freshCart(context, message);
    },
    updateCartLine: async (_parent, { id, number }, context) => {
      checkQuantity(number);
      return freshCart(context, await postEditLine(context.upstream, id, number));
    },
    selectCartLines: async (_parent, { ids, selected }, context) =>
      freshCart(context, await postSelectLines(context.upstream, ids, selected)),
    removeCartLines: async (_parent, { ids }, context) =>
      freshCart(context, await postRemoveLines(context.upstream, ids)),
    addCombinationToCart: async (_parent, { combinationId, sets }, context) => {
      checkQuantity(sets, 'sets', SETS_MESSAGE);
      const message = await postAddToCart(context.upstream, [{ type: 3, combination_id: combinationId, number: sets }]);
      return freshCart(context, message);
    },
    joinGroupBuy: async (_parent, { groupBuyId, number }, context) => {
      checkQuantity(number);
      const message = await postAddToCart(context.upstream, [{ type: 2, group_buy_id: groupBuyId, number }]);
      return freshCart(context, message);
    },
    copyCartLines: async (_parent, { ids, toUserIds }, context) => {
      if (ids.length === 0) throw badUserInput({ ids: ['请选择要复制的商品'] });
      if (toUserIds.length === 0) throw badUserInput({ toUserIds: ['请选择门店'] });
      const { copied, message } = await postCopyLines(context.upstream, ids, toUserIds);
      if (copied > 0) announceCopies(context, toUserIds);
      return { copied, message: message || null };
    },
  },
  Subscription: {
    cartChanged: {
      subscribe: (_parent, _args, context) => subscribeToCart(context),
      // Each event is answered like a request of its own: the stream's context outlives any one event.
      resolve: (cart: CartMapper, _args: unknown, context: Context) => {
        context.loaders = context.newLoaders();
        return cart;
      },
    },
  },
  User: {
    storeAccounts: (_user, _args, { upstream }) => fetchStoreAccounts(upstream),
    cartCount: (_user, _args, { upstream }) => fetchCartCount(upstream),
  },
  StoreAccount: {
    id: (store) => String(store.id),
    name: (store) => store.name || null,
  },
  Cart: {
    // One cart per buyer: the upstream names its owner, so no call for the buyer's id.
    id: (cart) => String(cart.user_id),
    count: (cart) => cart.data.length,
    lines: (cart) => cart.data,
    summary: (cart) => cart,
  },
  CartSummary: {
    selectedCount: (cart) => cart.summary.selected_count,
    selectedTotal: (cart) => cart.summary.selected_total,
    shippingShortfall: (cart) => cart.summary.shipping_shortfall,
    freeShipping: (cart) => cart.summary.free_shipping === 1,
    fullReductionTiers: (cart) => cart.activity_data.manjians,
    discountTiers: (cart) => cart.activity_data.discounts,
    amounts: (cart) => cart.summary.amounts,
  },
  Tier: {
    reached: (tier) => tier.status === 1,
  },
  CartLine: {
    id: (line) => String(line.id),
    goods: (line) => goodsOf(line.goods),
    selected: (line) => line.is_selected === 1,
    isAvailable: (line) => line.is_available === 1,
    type: (line) => lineType(line),
    nextTierHint: (line) => line.next_tier_hint,
    freeShippingHint: (line) => line.free_shipping_hint,
    promotion: (line) => (line.promotion === null ? null : { ...line.promotion, id: String(line.promotion.id) }),
    promotionNote: (line) => line.promotion_note,
    goodsFullReduction: (line) => line.goods_manjian_amount,
    goodsFullReductionHint: (line) => line.goods_manjian_hint,
    gift: (line) =>
      line.gift_goods === null
        ? null
        : {
            goodsId: String(line.gift_goods.goods_id),
            name: line.gift_goods.name,
            number: line.gift_goods.number,
            label: line.gift_goods.label,
          },
    withCoupon: (line) => line.with_coupon === 1,
    exchangeOffer: (line) =>
      line.exchange_offer === null
        ? null
        : {
            activityId: String(line.exchange_offer.activity_id),
            name: line.exchange_offer.name,
            goodsId: String(line.exchange_offer.goods_id),
            goodsName: line.exchange_offer.goods_name,
            price: line.exchange_offer.price,
            threshold: line.exchange_offer.threshold,
            unlocked: line.exchange_offer.unlocked === 1,
          },
    combination: (line) => (lineType(line) === 'COMBINATION' ? line.combination : null),
    // The line's goods with the offer: the zone's GroupBuyGoods, so progress reads the same in both places.
    groupBuy: (line) =>
      lineType(line) === 'GROUP_BUY' && line.group_buy ? { ...line.goods, group_buy: line.group_buy } : null,
  },
};
