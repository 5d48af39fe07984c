import type {
  LadderChange,
  PriceChange,
  QuickPurchaseOrder,
  RebuyLineState,
  Resolvers,
} from '../../generated/resolvers';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import { Wording } from '@pharma/domain/wording';
import { refreshCart } from '../cart/resolvers';
import type { RebuyPreviewLineMapper } from './mappers';
import { fetchFastBuy, fetchRebuyPreview, postQuickAdd, type FastBuyOrder } from './rest';

const ORDERS: Record<QuickPurchaseOrder, FastBuyOrder> = { LAST_BOUGHT: 'last', TIMES_BOUGHT: 'times', NAME: 'name' };
const PRICE_CHANGES: Record<RebuyPreviewLineMapper['price_change'], PriceChange> = {
  up: 'UP',
  down: 'DOWN',
  same: 'SAME',
};
const STATES: Record<RebuyPreviewLineMapper['state'], RebuyLineState> = {
  ok: 'OK',
  short: 'SHORT',
  out: 'OUT_OF_STOCK',
  gone: 'NOT_SOLD',
};
const LADDER_CHANGES: Record<RebuyPreviewLineMapper['ladder_change'], LadderChange> = {
  reached: 'REACHED',
  lost: 'LOST',
  none: 'NONE',
};

export const quickBuyResolvers: Resolvers = {
  Query: {
    // QUICK-01, QUICK-02
    quickPurchase: (_parent, { page, pageSize, order, keyword }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      const text = keyword?.trim() ?? '';
      if (text.length > 50) throw badUserInput({ keyword: ['搜索内容最多50个字'] });
      return fetchFastBuy(upstream, {
        page,
        page_size: pageSize,
        order: ORDERS[order],
        ...(text === '' ? {} : { keyword: text }),
      });
    },
  },
  Mutation: {
    // QUICK-03: the cart's answer and the whole cart, so the header badge updates from the one cache entry.
    quickAddToCart: async (_parent, { goodsId, number }, context) => {
      if (number != null && (!Number.isSafeInteger(number) || number < 1)) {
        throw badUserInput({ number: [Wording.quantity] });
      }
      const message = await postQuickAdd(context.upstream, goodsId, number ?? null);
      return { cart: await refreshCart(context), message: message || null };
    },
  },
  QuickPurchasePage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  QuickPurchaseItem: {
    id: (item) => String(item.goods_id),
    manufacturer: (item) => item.sccj,
    spec: (item) => item.ypgg,
    packingUnit: (item) => item.bzdw,
    image: (item) => item.goods_image,
    lastPrice: (item) => item.last_price,
    lastQuantity: (item) => item.last_number,
    lastOrderedAt: (item) => toDateTime(item.last_at),
    timesBought: (item) => item.times,
    ladderPrices: (item) => item.ladder_price,
    stock: (item) => item.stock ?? 0,
    // QUICK-04: the upstream says why not; buyable exactly when it has no reason.
    isBuyable: (item) => item.reason === null,
    unavailableReason: (item) => item.reason,
  },
  Order: {
    // QUICK-05: read only when the buy-again dialog asks for it.
    rebuyPreview: (order, _args, { upstream }) => fetchRebuyPreview(upstream, String(order.id)),
  },
  RebuyPreview: {
    addableCount: (preview) => preview.addable,
  },
  RebuyPreviewLine: {
    goodsId: (line) => String(line.goods_id),
    manufacturer: (line) => line.sccj,
    spec: (line) => line.ypgg,
    packingUnit: (line) => line.bzdw,
    quantity: (line) => line.number,
    priceThen: (line) => line.price_then,
    priceNow: (line) => line.price_now,
    priceChange: (line) => fromUpstreamCode(PRICE_CHANGES, line.price_change),
    state: (line) => fromUpstreamCode(STATES, line.state),
    ladderThen: (line) => (line.ladder_then === null ? null : line.ladder_then === 1),
    ladderNow: (line) => line.ladder_now,
    ladderChange: (line) => fromUpstreamCode(LADDER_CHANGES, line.ladder_change),
  },
};
