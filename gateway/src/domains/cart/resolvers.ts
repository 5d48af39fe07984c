import type { CartLineInput, CartLineType, Resolvers } from '../../generated/resolvers';
import type { Context } from '../../context';
import { badUserInput, unauthenticated } from '../../errors';
import { isBuyer } from '../user/rest';
import { priceCart, type PricedCart, type PricedLine } from '@pharma/domain/cart-pricing';
import {
  fetchCartList,
  fetchStoreAccounts,
  postAddToCart,
  postCopyLines,
  postEditLine,
  postRemoveLines,
  postSelectLines,
  type CartAddParams,
  type CartLineDto,
} from './rest';

/** What `CartLine` resolves from: a priced line that keeps the upstream's line (id, goods). */
export type CartLineView = PricedLine<CartLineDto>;

/** What `Cart` resolves from: the buyer's id (one cart per buyer) and the priced upstream cart. */
export interface CartView {
  id: string;
  priced: PricedCart<CartLineDto>;
}

const QUANTITY_MESSAGE = '数量必须是大于0的整数';
const SETS_MESSAGE = '组数必须是大于0的整数';
const TYPE_CODES: Record<CartLineType, 0 | 1 | 2 | 3> = { NORMAL: 0, SECKILL: 1, GROUP_BUY: 2, COMBINATION: 3 };

/** The cart id is the buyer's id, read in parallel with the lines so the cart costs one round trip. */
async function readCart({ loaders }: Context): Promise<CartView> {
  const [base, list] = await Promise.all([loaders.userBase.get(), loaders.cart.get()]);
  if (!isBuyer(base)) throw unauthenticated();
  return { id: String(base.id), priced: priceCart(list) };
}

/**
 * After a change (a cart mutation, an order placed) the cart is read again, so the answer is the upstream's cart,
 * not the gateway's guess.
 */
export function refreshCart(context: Context): Promise<CartView> {
  context.loaders.cart.set(fetchCartList(context.upstream));
  return readCart(context);
}

async function freshCart(context: Context, message: string): Promise<{ cart: CartView; message: string | null }> {
  return { cart: await refreshCart(context), message: message || null };
}

function checkQuantity(number: number, field = 'number', message = QUANTITY_MESSAGE): void {
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
    cart: (_parent, _args, context) => readCart(context),
  },
  Mutation: {
    addToCart: async (_parent, { lines }, context) => {
      if (lines.length === 0) throw badUserInput({ lines: ['请选择商品'] });
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
    copyCartLines: async (_parent, { ids, toUserIds }, { upstream }) => {
      if (ids.length === 0) throw badUserInput({ ids: ['请选择要复制的商品'] });
      if (toUserIds.length === 0) throw badUserInput({ toUserIds: ['请选择门店'] });
      const { copied, message } = await postCopyLines(upstream, ids, toUserIds);
      return { copied, message: message || null };
    },
  },
  User: {
    storeAccounts: (_user, _args, { upstream }) => fetchStoreAccounts(upstream),
  },
  StoreAccount: {
    id: (store) => String(store.id),
    name: (store) => store.name || null,
  },
  Cart: {
    count: (cart) => cart.priced.lines.length,
    lines: (cart) => cart.priced.lines,
    summary: (cart) => cart.priced.summary,
  },
  CartLine: {
    id: (line) => String(line.dto.id),
    number: (line) => line.dto.number,
    price: (line) => line.unitPrice,
    isAvailable: (line) => line.available,
    goods: (line) => line.dto.goods,
    combination: (line) => (line.type === 'COMBINATION' ? (line.dto.combination ?? null) : null),
    // The line's goods with the offer: the zone's GroupBuyGoods, so progress reads the same in both places.
    groupBuy: (line) =>
      line.type === 'GROUP_BUY' && line.dto.group_buy ? { ...line.dto.goods, group_buy: line.dto.group_buy } : null,
  },
};
