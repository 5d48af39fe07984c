import type {
  CombinationKind,
  GoodsActivityStatus,
  GoodsActivityType,
  GoodsFilter,
  GoodsSort,
  GoodsZone,
  Resolvers,
  SearchBy,
} from '../../generated/resolvers';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { toDateTime } from '../../dates';
import { setsInStock } from '@pharma/domain/cart-pricing';
import { checkPaging } from '../../paging';
import {
  fetchActivityList,
  fetchCombination,
  fetchCombinationGroups,
  fetchEverydayPrice,
  fetchGoodsList,
  fetchGroupBuyGoods,
  fetchHotGoods,
  fetchRecommended,
  fetchSpikeGoods,
  fetchSuggestions,
  MAX_ACTIVITIES_PER_CALL,
  tapActivity,
  type GoodsListQuery,
} from './rest';
import { isRecordId } from '@pharma/domain/validation';
import { collectSubFields } from '@graphql-tools/utils';
import type { GraphQLResolveInfo } from 'graphql';
import type { Loaders } from '../../context';
import type { ReadAheadLoader } from '../../once';
import type { GoodsMapper } from './mappers';
import { goodsOf } from './view';
import { promotionPriceOf } from './promotion-price';
import { facetListQuery } from '../facets/query';

/** The list's `sort` query for each GraphQL order; brand pages use it too. */
export const LIST_SORTS: Record<GoodsSort, GoodsListQuery['sort']> = {
  DEFAULT: 'default',
  PRICE_ASC: 'price_asc',
  PRICE_DESC: 'price_desc',
  SALES: 'sales',
  // COMPARE-04: the table's orders.
  UNIT_PRICE_ASC: 'unit_price_asc',
  MAKER: 'maker',
  EXPIRY: 'expiry',
};

/** The list's flag for each zone (docs/rest-api.md, GET /api/goods/list). */
const ZONE_FLAGS: Record<GoodsZone, 'yx' | 'zy' | 'qx' | 'is_jxq' | 'is_kx'> = {
  PREFERRED: 'yx',
  TRADITIONAL_MEDICINE: 'zy',
  DEVICES: 'qx',
  NEAR_EXPIRY: 'is_jxq',
  CONTROLLED_SALES: 'is_kx',
};

const ACTIVITY_TYPES: Record<string, GoodsActivityType> = {
  manjian: 'FULL_REDUCTION',
  discount: 'DISCOUNT',
  seckill: 'SECKILL',
  exchange: 'EXCHANGE',
  gift: 'GIFT',
};

/** The buyer-facing name of each kind, for an upstream that sends none. */
const ACTIVITY_TYPE_NAMES: Record<GoodsActivityType, string> = {
  FULL_REDUCTION: '满减',
  DISCOUNT: '折扣',
  SECKILL: '秒杀',
  EXCHANGE: '换购',
  GIFT: '赠品',
};

/** The upstream's activity status (1 running, 0 upcoming, 2 ended). */
const ACTIVITY_STATUSES: Record<number, GoodsActivityStatus> = { 0: 'UPCOMING', 1: 'RUNNING', 2: 'ENDED' };

/** A money field of an activity that only some kinds use: null when absent. */
const optionalFen = (value: number | null | undefined) => value ?? null;

/** The upstream's numbering of combination kinds (GET /api/combinationMzhgGroup?type=). */
const COMBINATION_TYPES: Record<CombinationKind, 1 | 2> = { FULL_GIFT: 1, BUNDLE: 2 };
const COMBINATION_KINDS: Record<number, CombinationKind> = { 1: 'FULL_GIFT', 2: 'BUNDLE' };

const searchType = (by: SearchBy | null | undefined): 1 | 2 => (by === 'MANUFACTURER' ? 2 : 1);

/** What a filter asks of the list, less paging and order: the list and its facets (FACET-01) must read the same goods. */
export function goodsFilterQuery(
  filter: GoodsFilter | null | undefined,
): Omit<GoodsListQuery, 'page' | 'page_size' | 'sort'> {
  const keywords = filter?.keyword?.trim();
  return {
    keywords: keywords || undefined,
    type: searchType(filter?.by),
    category_id: filter?.categoryId ?? undefined,
    brand_id: filter?.brandId ?? undefined,
    activity_id: filter?.activityId ?? undefined,
    yx: filter?.preferredOnly ? 1 : undefined,
    ...(filter?.zone ? { [ZONE_FLAGS[filter.zone]]: 1 as const } : {}),
    ...facetListQuery(filter),
  };
}

/** The Goods fields answered per goods by a loader that a page reads for all its goods at once. */
const READ_AHEAD: Readonly<Record<string, (loaders: Loaders) => ReadAheadLoader<object | boolean>>> = {
  isFavorite: (loaders) => loaders.favorite,
  activities: (loaders) => loaders.activities,
  // PRICE-10: a card's promotion price comes from the same activities, read once for the page.
  promotionPrice: (loaders) => loaders.activities,
  // COMPARE-02: the unit price is of the price shown, a running discount's included.
  unitPrice: (loaders) => loaders.activities,
};

/**
 * Makes the page's per-goods reads that the operation asks for (one upstream call each, as before) ahead of building
 * its goods, so that each goods answers them as plain values: the page's results are not held, half built, across
 * the calls, and no goods awaits a promise per field.
 */
async function readAhead(goods: readonly GoodsMapper[], loaders: Loaders, info: GraphQLResolveInfo): Promise<void> {
  const type = info.schema.getType('Goods');
  // Told from other types by its shape: graphql's isObjectType throws on a type of another copy of graphql, which the
  // schema is under vitest.
  if (type === undefined || !('isTypeOf' in type) || goods.length === 0) return;
  const asked = collectSubFields(info.schema, info.fragments, info.variableValues, type, [...info.fieldNodes]);
  const reads = new Set<ReadAheadLoader<object | boolean>>();
  for (const [node] of asked.fields.values()) {
    const loader = node && READ_AHEAD[node.name.value];
    if (loader) reads.add(loader(loaders));
  }
  if (reads.size === 0) return;
  const ids = goods.map((each) => each.id);
  await Promise.all([...reads].map((loader) => loader.loadMany(ids)));
}

export const goodsResolvers: Resolvers = {
  Query: {
    goods: async (_parent, { id }, { loaders }) => {
      const found = await loaders.goods.load(id);
      return found && goodsOf(found);
    },
    goodsList: async (_parent, { filter, page, pageSize, sort }, { upstream }) => {
      if (page < 1) throw badUserInput({ page: ['页码必须大于0'] });
      if (pageSize < 1 || pageSize > 100) throw badUserInput({ pageSize: ['每页数量必须在1到100之间'] });
      return fetchGoodsList(upstream, {
        ...goodsFilterQuery(filter),
        page,
        page_size: pageSize,
        sort: LIST_SORTS[sort],
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
    hotGoods: async (_parent, _args, { upstream }) => (await fetchHotGoods(upstream)).map(goodsOf),
    groupBuyGoods: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchGroupBuyGoods(upstream, { page, page_size: pageSize });
    },
    combinationGroups: (_parent, { kind }, { upstream }) => fetchCombinationGroups(upstream, COMBINATION_TYPES[kind]),
    combination: (_parent, { id }, { upstream }) => {
      const groupId = id.trim();
      // Not a group id the upstream could know: no such group, without asking (VAL-04).
      if (!isRecordId(groupId)) return null;
      return fetchCombination(upstream, groupId);
    },
    activity: (_parent, { id }, { loaders }) => {
      const activityId = id.trim();
      return isRecordId(activityId) ? loaders.activity.load(activityId) : null;
    },
    activities: async (_parent, { ids }, { upstream, loaders }) => {
      if (ids === null || ids === undefined) return fetchActivityList(upstream);
      if (ids.length > MAX_ACTIVITIES_PER_CALL) {
        throw badUserInput({ ids: [`一次最多查询${MAX_ACTIVITIES_PER_CALL}个活动`] });
      }
      const wanted = [...new Set(ids.map((id) => id.trim()).filter(isRecordId))];
      const found = await Promise.all(wanted.map((id) => loaders.activity.load(id)));
      return found.filter((activity) => activity !== null);
    },
    spikeGoods: (_parent, _args, { upstream }) => fetchSpikeGoods(upstream),
    everydayPriceGoods: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchEverydayPrice(upstream, { page, page_size: pageSize });
    },
    recommendedGoods: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchRecommended(upstream, { page, page_size: pageSize });
    },
  },
  Mutation: {
    // CATALOG-11: an analytics count; a malformed id is refused here, without asking the upstream (VAL-04).
    tapActivity: async (_parent, { id }, { upstream }) => {
      const activityId = id.trim();
      if (!isRecordId(activityId)) throw badUserInput({ id: ['活动不存在'] });
      await tapActivity(upstream, activityId);
      return true;
    },
  },
  SpikeGoods: {
    goods: (offer) => goodsOf(offer),
    activityId: (offer) => String(offer.seckill.activity_id),
    title: (offer) => offer.seckill.name,
    price: (offer) => offer.seckill.price,
    startsAt: (offer) => toDateTime(offer.seckill.start_at),
    endsAt: (offer) => toDateTime(offer.seckill.end_at),
    running: (offer) => offer.seckill.status === 1,
    remaining: (offer) => offer.seckill.remaining,
    perBuyerLimit: (offer) => offer.seckill.per_buyer_limit,
  },
  GroupBuyGoods: {
    goods: (offer) => goodsOf(offer),
    groupBuyId: (offer) => String(offer.group_buy.id),
    groupPrice: (offer) => offer.group_buy.price,
    targetNumber: (offer) => offer.group_buy.target_number,
    joinedNumber: (offer) => offer.group_buy.joined_number,
    startsAt: (offer) => toDateTime(offer.group_buy.start_at),
    endsAt: (offer) => toDateTime(offer.group_buy.end_at),
  },
  GroupBuyPage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
  CombinationGroup: {
    id: (group) => String(group.id),
    kind: (group) => fromUpstreamCode(COMBINATION_KINDS, group.type),
    description: (group) => group.describe ?? '',
    threshold: (group) => (group.type === 1 ? optionalFen(group.threshold) : null),
    giftGoodsName: (group) => (group.type === 1 ? group.gift_goods_name || null : null),
    giftNumber: (group) => (group.type === 1 ? (group.gift_number ?? null) : null),
    goodsCount: (group) => group.goods_count,
    setPrice: (group) => (group.type === 2 ? optionalFen(group.set_price) : null),
    originalPrice: (group) => group.original_price,
    startsAt: (group) => toDateTime(group.start_at),
    endsAt: (group) => toDateTime(group.end_at),
  },
  Combination: {
    group: (combination) => combination,
    giftGoods: (combination) => (combination.gift_goods ? goodsOf(combination.gift_goods) : null),
    items: (combination) => combination.goods,
    setsInStock: (combination) => setsInStock(combination.goods),
  },
  CombinationItem: {
    goods: (item) => goodsOf(item),
    number: (item) => item.combination.number,
    price: (item) => optionalFen(item.combination.price),
  },
  SpecialPriceGoods: {
    goods: (special) => goodsOf(special),
    specialPrice: (special) => special.special_price,
  },
  SpecialPricePage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
  // The rest of Goods' fields are properties of the goods as mapped (goodsOf).
  Goods: {
    activities: (goods, _args, { loaders }) => loaders.activities.read(goods.id),
    // PRICE-10: the engine's price of one unit, from the activities the page reads anyway.
    promotionPrice: (goods, { goodsPriceId }, { loaders }) => promotionPriceOf(goods, goodsPriceId, loaders),
  },
  GoodsActivity: {
    id: (activity) => String(activity.id),
    type: (activity) => fromUpstreamCode(ACTIVITY_TYPES, activity.type),
    typeName: (activity) => activity.type_name || ACTIVITY_TYPE_NAMES[fromUpstreamCode(ACTIVITY_TYPES, activity.type)],
    title: (activity) => activity.name,
    description: (activity) => activity.describe ?? '',
    thresholdAmount: (activity) =>
      activity.type === 'manjian' || activity.type === 'exchange' ? optionalFen(activity.threshold) : null,
    thresholdQuantity: (activity) => (activity.type === 'gift' ? (activity.threshold ?? null) : null),
    reduction: (activity) => (activity.type === 'manjian' ? optionalFen(activity.reduce) : null),
    discountPercent: (activity) => (activity.type === 'discount' ? (activity.discount ?? null) : null),
    price: (activity) =>
      activity.type === 'seckill' || activity.type === 'exchange' ? optionalFen(activity.price) : null,
    giftGoodsName: (activity) => activity.gift_goods_name || null,
    giftNumber: (activity) => (activity.type === 'gift' ? (activity.gift_number ?? null) : null),
    startsAt: (activity) => toDateTime(activity.start_at),
    endsAt: (activity) => toDateTime(activity.end_at),
    running: (activity) => activity.status === 1,
    status: (activity) => fromUpstreamCode(ACTIVITY_STATUSES, activity.status),
    goodsCount: (activity) => ('goods_count' in activity ? activity.goods_count : null),
  },
  GoodsPage: {
    items: async (page, _args, { loaders }, info) => {
      const goods = page.data.map(goodsOf);
      await readAhead(goods, loaders, info);
      return goods;
    },
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
};
