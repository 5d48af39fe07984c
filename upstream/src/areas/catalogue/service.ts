/**
 * The catalogue (CATALOG and SEARCH rules in docs/product.md): goods lists, detail and suggestions, the goods'
 * activities, the home's sections and zones (seckill, daily specials, recommendations, brands) and the
 * controlled-sales zone (控销). Rules over the store; no HTTP here.
 */
import { shownPrice } from '@pharma/domain/price-engine';
import type { Queryable } from '../../db/db';
import { activityTerms } from '../../lib/activities';
import { goodsDto, type GoodsRow } from '../../lib/goods';
import { iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { bannerImage, brandLogo } from '../focus/service';
import * as store from './store';
import type { GoodsActivityRow, GoodsFilter, GoodsSort, SearchField } from './store';

/** At most this many buyable best sellers. */
export const HOT_LIMIT = 12;
/** At most this many seckill goods on the home's spike section. */
export const SPIKE_LIMIT = 20;

const unixNow = () => Math.floor(Date.now() / 1000);

/** A page of goods rows as the REST page answers it. */
function goodsPage(publicUrl: string, rows: readonly GoodsRow[], total: number, current: number, perPage: number) {
  return page(
    rows.map((r) => goodsDto(r, publicUrl)),
    total,
    current,
    perPage,
  );
}

export async function goodsDetail(q: Queryable, publicUrl: string, id: number | undefined) {
  const row = id === undefined ? undefined : await store.goodsDetail(q, id);
  if (row === undefined) throw notFound('商品不存在');
  return goodsDto(row, publicUrl);
}

/** What a goods list asks for: a keyword (lower-case; empty for none) and the filters that go with it. */
export interface GoodsQuery extends Omit<GoodsFilter, 'terms'> {
  keywords: string;
}

/**
 * CATALOG-05: a page of the goods a query keeps. A keyword becomes the names (or makers) it matches (SEARCH-02);
 * the total comes from the search vocabulary's counts when nothing else filters, and is counted otherwise.
 */
export async function goodsList(
  q: Queryable,
  publicUrl: string,
  query: GoodsQuery,
  sort: GoodsSort,
  current: number,
  perPage: number,
) {
  const { keywords, ...rest } = query;
  const filter: GoodsFilter = rest;
  if (filter.categoryId !== undefined) filter.categoryIds = await store.categorySubtree(q, filter.categoryId);
  let known: number | undefined;
  let shape: store.PageShape = 'walk';
  const offset = (current - 1) * perPage;
  const vocabulary = keywords !== '' || store.keywordOnly(filter);
  if (vocabulary) await store.catchUpSearchTerms(q);
  if (keywords !== '') {
    const [matched, catalogue] = await Promise.all([
      store.matchedTerms(q, filter.field, keywords),
      store.catalogueSize(q),
    ]);
    if (matched.terms.length === 0) return goodsPage(publicUrl, [], 0, current, perPage);
    filter.terms = matched.terms;
    if (store.keywordOnly(filter)) known = matched.goods;
    shape = store.pageShape(matched.goods, catalogue, perPage, offset);
  } else if (vocabulary) {
    known = await store.catalogueSize(q);
  }
  const [rows, total] = await Promise.all([
    store.goodsPage(q, filter, sort, perPage, offset, shape),
    known ?? store.countGoods(q, filter),
  ]);
  return goodsPage(publicUrl, rows, total, current, perPage);
}

/** SEARCH-02: up to 10 suggestions; empty keywords suggest nothing. */
export async function suggestions(q: Queryable, field: SearchField, keywords: string) {
  if (keywords === '') return [];
  await store.catchUpSearchTerms(q);
  const rows = await store.suggestions(q, field, keywords);
  return rows.map((r) => ({ id: r.id, name: r.name, sccj: r.sccj }));
}

/**
 * CATALOG-08: the running and upcoming activities of each goods asked for, in the order asked, each goods once;
 * ended ones are history, not something a buyer can still take part in.
 */
export async function goodsActivities(q: Queryable, goodsIds: readonly number[]) {
  const ids = [...new Set(goodsIds)];
  const byGoods = new Map<number, GoodsActivityRow[]>();
  for (const row of await store.goodsActivities(q, ids)) {
    let list = byGoods.get(row.goods_id);
    if (list === undefined) byGoods.set(row.goods_id, (list = []));
    list.push(row);
  }
  return ids.map((id) => ({
    goods_id: id,
    activities: (byGoods.get(id) ?? []).map((a) => ({
      ...activityTerms(a),
      price: a.price,
      status: a.running ? 1 : 0,
      remaining: a.remaining,
      per_buyer_limit: a.per_buyer_limit,
    })),
  }));
}

export async function hotGoods(q: Queryable, publicUrl: string) {
  return (await store.hotGoods(q, HOT_LIMIT)).map((r) => goodsDto(r, publicUrl));
}

/** The home's seckill section; `timestamp` lets the client count down to the nearest start or end. */
export async function spike(q: Queryable, publicUrl: string) {
  const rows = await store.spikeGoods(q, SPIKE_LIMIT);
  return {
    timestamp: unixNow(),
    goods: rows.map((r) => ({
      ...goodsDto(r, publicUrl),
      seckill: {
        activity_id: r.activity_id,
        name: r.activity_name,
        price: r.seckill_price,
        remaining: r.remaining,
        per_buyer_limit: r.per_buyer_limit,
        start_at: iso(r.start_at),
        end_at: iso(r.end_at),
        status: r.running ? 1 : 0,
      },
    })),
  };
}

/** A page of daily specials (每日特价). */
export async function specialsPage(q: Queryable, publicUrl: string, current: number, perPage: number) {
  const [total, rows] = await Promise.all([
    store.countSpecials(q),
    store.specials(q, perPage, (current - 1) * perPage),
  ]);
  return page(
    // PRICE-04, PRICE-10: the price the engine charges one unit of it, ladder and discount alike.
    rows.map(({ discount, activity_id, activity_name, ...r }) => ({
      ...goodsDto(r, publicUrl),
      special_price: shownPrice(r.price, {
        discount: { activityId: activity_id, name: activity_name, percent: discount },
      }).price,
    })),
    total,
    current,
    perPage,
  );
}

/** A page of the home's recommendations (为您推荐): branded or preferred goods a buyer can order, best sellers first. */
export async function recommendedPage(q: Queryable, publicUrl: string, current: number, perPage: number) {
  const [total, rows] = await Promise.all([
    store.countRecommended(q),
    store.recommended(q, perPage, (current - 1) * perPage),
  ]);
  return goodsPage(publicUrl, rows, total, current, perPage);
}

/** One brand of the brand zone with its makers and goods count. */
export async function brand(q: Queryable, publicUrl: string, id: number | undefined) {
  const row = id === undefined ? undefined : await store.brand(q, id);
  if (row === undefined) throw notFound('品牌不存在');
  return {
    id: row.id,
    name: row.name,
    logo: brandLogo(publicUrl, row.id),
    makers: row.makers ?? [],
    goods_total: row.goods_total,
  };
}

/** The controlled-sales series (控销系列) of /kxzq/new. */
export async function controlledSalesSeries(q: Queryable) {
  const rows = await store.controlledSalesSeries(q);
  return rows.map((r) => ({ id: r.id, name: r.name, logo: r.logo, goods_count: r.goods_count, ad_ids: r.ad_ids }));
}

/** CATALOG-08: the controlled-sales advertisements, all, or those of `ids` (each once, in the order asked). */
export async function controlledSalesAds(q: Queryable, publicUrl: string, ids: readonly number[] | undefined) {
  const rows = await store.controlledSalesAds(q, ids === undefined ? null : [...new Set(ids)]);
  return rows.map((r) => ({ id: r.id, image: bannerImage(publicUrl, r.id), url: r.url, name: r.name }));
}
