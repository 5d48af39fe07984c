import type { GoodsSort, Resolvers, SearchBy } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { toFen } from '../../money';
import { singleItemFreeShippingQuantity } from '@pharma/pricing/cart-pricing';
import { fetchGoodsList, fetchHotGoods, fetchSuggestions, type GoodsListQuery } from './rest';

const SORTS: Record<GoodsSort, GoodsListQuery['sort']> = {
  DEFAULT: 'default',
  PRICE_ASC: 'price_asc',
  PRICE_DESC: 'price_desc',
  SALES: 'sales',
};

// The upstream owns each tag's colour; a tag that comes without one is red (spec section 3).
const DEFAULT_TAG_COLOR = '#e4393c';

const searchType = (by: SearchBy | null | undefined): 1 | 2 => (by === 'MANUFACTURER' ? 2 : 1);

export const goodsResolvers: Resolvers = {
  Query: {
    goods: (_parent, { id }, { loaders }) => loaders.goods.load(id),
    goodsList: async (_parent, { filter, page, pageSize, sort }, { upstream }) => {
      if (page < 1) throw badUserInput({ page: ['页码必须大于0'] });
      if (pageSize < 1 || pageSize > 100) throw badUserInput({ pageSize: ['每页数量必须在1到100之间'] });
      const keywords = filter?.keyword?.trim();
      return fetchGoodsList(upstream, {
        keywords: keywords || undefined,
        type: searchType(filter?.by),
        category_id: filter?.categoryId ?? undefined,
        yx: filter?.preferredOnly ? 1 : undefined,
        page,
        page_size: pageSize,
        sort: SORTS[sort],
      });
    },
    searchSuggestions: async (_parent, { keyword, by }, { upstream }) => {
      const text = keyword.trim();
      if (text.length === 0) return [];
      const type = searchType(by);
      const found = await fetchSuggestions(upstream, text, type);
      const texts = new Set(found.map((entry) => (type === 2 ? entry.sccj : entry.name)).filter(Boolean));
      return [...texts].map((suggestion) => ({ text: suggestion }));
    },
    hotGoods: (_parent, _args, { upstream }) => fetchHotGoods(upstream),
  },
  Goods: {
    id: (goods) => String(goods.id),
    manufacturer: (goods) => goods.sccj ?? '',
    spec: (goods) => goods.ypgg || null,
    packingUnit: (goods) => goods.bzdw || null,
    approvalNumber: (goods) => goods.pzwh || null,
    stock: (goods) => Math.max(goods.number ?? 0, 0),
    isBuyable: (goods) => goods.is_buy === 1,
    price: (goods) => toFen(goods.price),
    basePrice: (goods) => {
      const base = toFen(goods.base_price);
      return base > 0 && base !== toFen(goods.price) ? base : null;
    },
    ladderPrices: (goods) => goods.ladder_price ?? [],
    ladderPriceType: (goods) => (goods.ladder_price_type === 1 ? 'UPPER_BOUND' : 'MINIMUM_QUANTITY'),
    images: (goods) => goods.goods_image ?? [],
    tags: (goods) => (goods.tags ?? []).filter((tag) => tag.is_show !== 0),
    freeShippingQuantity: (goods) => singleItemFreeShippingQuantity(goods),
    isTraditionalMedicine: (goods) => goods.type === 1,
    isPreferred: (goods) => goods.is_youx === 1,
  },
  LadderPrice: {
    price: (tier) => toFen(tier.price),
  },
  GoodsTag: {
    description: (tag) => tag.describe || null,
    color: (tag) => tag.color || DEFAULT_TAG_COLOR,
  },
  GoodsPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
};
