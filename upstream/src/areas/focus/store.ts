import type { Queryable } from '../../db/db';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  kind: 'normal' | 'yx' | 'zy' | 'qx';
  name: string;
  logo: string | null;
  logo1: string | null;
}

export interface NavRow {
  id: number;
  parent_id: number | null;
  name: string;
  url: string | null;
  is_open: number;
  /** SHELL-19: the link's picture for the side nav: absolute, or a path on this API; null for none. */
  image: string | null;
}

export interface LinkRow {
  name: string;
  url: string | null;
}

export interface ArticleRow {
  cid: number;
  cname: string;
  aid: number | null;
  title: string | null;
}

export function banners(q: Queryable, slot: string): Promise<{ id: number; name: string; url: string | null }[]> {
  return q.query('SELECT id, name, url FROM banners WHERE slot = $1 ORDER BY sort, id', [slot]);
}

export const hotWords = (q: Queryable) => q.query<LinkRow>('SELECT name, url FROM hot_words ORDER BY sort, id');

/** Navigation rows, parents first. */
export const navRows = (q: Queryable) =>
  q.query<NavRow>('SELECT id, parent_id, name, url, is_open, image FROM nav ORDER BY parent_id NULLS FIRST, sort, id');

/** Category rows of every tree, parents first. */
export const categoryRows = (q: Queryable) =>
  q.query<CategoryRow>(
    'SELECT id, parent_id, kind, name, logo, logo1 FROM categories ORDER BY parent_id NULLS FIRST, sort, id',
  );

export const brands = (q: Queryable) =>
  q.query<{ id: number; name: string }>('SELECT id, name FROM brands ORDER BY sort, id');

export const links = (q: Queryable) => q.query<LinkRow>('SELECT name, url FROM links ORDER BY sort, id');

/** The help categories of an article group with their articles, in order (a category without any has one row). */
export function articleRows(q: Queryable, group: number): Promise<ArticleRow[]> {
  return q.query<ArticleRow>(
    `SELECT hc.id AS cid, hc.name AS cname, a.id AS aid, a.title
     FROM help_categories hc LEFT JOIN articles a ON a.help_category_id = hc.id
     WHERE hc.group_id = $1 ORDER BY hc.sort, hc.id, a.sort, a.id`,
    [group],
  );
}

export interface PostRow {
  id: number;
  type: number;
  title: string;
  summary: string;
  published_at: Date;
}

/** `type` null or undefined counts every type. */
export async function countPublishedPosts(q: Queryable, type?: number): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM news_posts WHERE published_at <= now() AND ($1::int IS NULL OR type = $1)',
    [type ?? null],
  );
  return row?.total ?? 0;
}

/** Published news and notices, newest first; of one type when given. */
export function publishedPosts(q: Queryable, limit: number, offset: number, type?: number): Promise<PostRow[]> {
  return q.query<PostRow>(
    `SELECT id, type, title, summary, published_at FROM news_posts
     WHERE published_at <= now() AND ($3::int IS NULL OR type = $3)
     ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset, type ?? null],
  );
}

/** SHELL-19: the name a navigation link's picture is drawn from. */
export async function navPicture(q: Queryable, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await q.query<{ id: number; name: string }>('SELECT id, name FROM nav WHERE id = $1', [id]);
  return row;
}
