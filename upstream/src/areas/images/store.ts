import type { Queryable } from '../../db/db';
import type { BannerPicture, GoodsPicture, PrizePicture } from '../../lib/svg';

async function one<T>(q: Queryable, sql: string, id: number): Promise<T | undefined> {
  const [row] = await q.query<T>(sql, [id]);
  return row;
}

export const goodsPicture = (q: Queryable, id: number) =>
  one<GoodsPicture>(q, 'SELECT id, name, sccj, ypgg, bzdw, type, pzwh FROM goods WHERE id = $1', id);

export const bannerPicture = (q: Queryable, id: number) =>
  one<BannerPicture>(q, 'SELECT id, slot, name, subtitle, url FROM banners WHERE id = $1', id);

export const brandPicture = (q: Queryable, id: number) =>
  one<{ id: number; name: string }>(q, 'SELECT id, name FROM brands WHERE id = $1', id);

export const prizePicture = (q: Queryable, id: number) =>
  one<PrizePicture>(q, 'SELECT id, name, is_prize FROM draw_prizes WHERE id = $1', id);
