/** The buyer's favourite goods (SHELL-16 in docs/product.md). */
import type { Queryable } from '../../db/db';
import { goodsDto } from '../../lib/goods';
import { notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import * as store from './store';

/** The goods of `ids` in the order asked, each once; 404 when any is unknown, so a typo never half-succeeds. */
async function goodsOf(q: Queryable, publicUrl: string, ids: readonly number[]) {
  const byId = new Map((await store.goodsByIds(q, ids)).map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound('商品不存在');
    return goodsDto(row, publicUrl);
  });
}

export async function favoritesPage(q: Queryable, publicUrl: string, userId: number, current: number, perPage: number) {
  const [total, rows] = await Promise.all([
    store.countFavorites(q, userId),
    store.favoriteGoods(q, userId, perPage, (current - 1) * perPage),
  ]);
  return page(
    rows.map((r) => goodsDto(r, publicUrl)),
    total,
    current,
    perPage,
  );
}

/** Adds (`favorite` true) or removes goods, and answers the goods concerned. */
export async function changeFavorites(
  q: Queryable,
  publicUrl: string,
  userId: number,
  ids: readonly number[],
  favorite: boolean,
) {
  const goods = await goodsOf(q, publicUrl, ids);
  const goodsIds = goods.map((g) => g.id);
  await (favorite ? store.addFavorites(q, userId, goodsIds) : store.removeFavorites(q, userId, goodsIds));
  return goods;
}

/** Which of the goods are the buyer's favourites; a visitor (null) has none, an answer rather than an error. */
export async function favoriteIds(q: Queryable, userId: number | null, ids: readonly number[]) {
  return { ids: userId === null ? [] : await store.favoriteIdsAmong(q, userId, ids) };
}
