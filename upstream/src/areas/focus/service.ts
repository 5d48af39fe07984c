/** What the site's frame shows: the header's lists, banners, footer links and help articles (SHELL in docs/product.md). */
import type { Queryable } from '../../db/db';
import { iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import * as store from './store';
import type { CategoryRow } from './store';
import { publicImageUrl } from '../../lib/public-url';

/** Banner places the client asks for by name; GET /api/focus is the home carousel. */
export const BANNER_SLOTS = [
  'top',
  'right',
  'login',
  'xrtj',
  'ppzq',
  'kxzq',
  'new_kxzq',
  'zyzq',
  'yx',
  'demo',
  'kxzq_ad',
] as const;
const slots = new Set<string>(BANNER_SLOTS);

/** SHELL-07: the footer's help articles are article group 3. */
export const HELP_ARTICLE_GROUP = 3;

interface CategoryNode {
  id: number;
  name: string;
  logo: string | null;
  logo1: string | null;
  children: CategoryNode[];
}

interface NavNode {
  id: number;
  name: string;
  url: string | null;
  image: string | null;
  is_open: number;
  children: NavNode[];
}

/** Builds trees from rows ordered parents first; answers the roots. */
function tree<R extends { id: number; parent_id: number | null }, N extends { children: N[] }>(
  rows: readonly R[],
  node: (row: R) => N,
): N[] {
  const byId = new Map<number, N>();
  const roots: N[] = [];
  for (const row of rows) {
    const n = node(row);
    byId.set(row.id, n);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    (parent?.children ?? roots).push(n);
  }
  return roots;
}

export const bannerImage = (publicUrl: string, id: number) => `${publicUrl}/api/images/banner/${id}.svg`;
export const brandLogo = (publicUrl: string, id: number) => `${publicUrl}/api/images/brand/${id}.svg`;

/** The banners of a place, in order; the home carousel is slot `home`. */
export async function banners(q: Queryable, publicUrl: string, slot: string) {
  const rows = await store.banners(q, slot);
  return rows.map((r) => ({ id: r.id, image: bannerImage(publicUrl, r.id), url: r.url, name: r.name }));
}

/** The banners of a place the client names; 404 for a place that does not exist. */
export function slotBanners(q: Queryable, publicUrl: string, slot: string) {
  if (!slots.has(slot)) return Promise.reject(notFound('广告位不存在'));
  return banners(q, publicUrl, slot);
}

/** Everything the header needs: hot words, navigation, the four category trees, brands and the server clock. */
export async function focusCommon(q: Queryable, publicUrl: string) {
  const [hot, navRows, categoryRows, brandRows] = await Promise.all([
    store.hotWords(q),
    store.navRows(q),
    store.categoryRows(q),
    store.brands(q),
  ]);
  const categories = (kind: CategoryRow['kind']) =>
    tree(
      categoryRows.filter((r) => r.kind === kind),
      (r): CategoryNode => ({ id: r.id, name: r.name, logo: r.logo, logo1: r.logo1, children: [] }),
    );
  return {
    rnss: hot,
    nav: tree(navRows, (r): NavNode => ({
      id: r.id,
      name: r.name,
      url: r.url,
      // SHELL-19: a path on this API becomes an address the browser can load, as every other picture's is.
      image: publicImageUrl(publicUrl, r.image),
      is_open: r.is_open,
      children: [],
    })),
    category: categories('normal'),
    category_yx: categories('yx'),
    category_zy: categories('zy'),
    category_qx: categories('qx'),
    brand: brandRows.map((b) => ({ id: b.id, name: b.name, logo: brandLogo(publicUrl, b.id) })),
    timestamp: Math.floor(Date.now() / 1000),
  };
}

export const links = (q: Queryable) => store.links(q);

/** The help categories of an article group with their articles' titles. */
export async function articleCategories(q: Queryable, group: number) {
  const out: { id: number; name: string; children: { id: number; title: string }[] }[] = [];
  for (const r of await store.articleRows(q, group)) {
    let last = out[out.length - 1];
    if (last?.id !== r.cid) {
      last = { id: r.cid, name: r.cname, children: [] };
      out.push(last);
    }
    if (r.aid !== null && r.title !== null) last.children.push({ id: r.aid, title: r.title });
  }
  return out;
}

/** A page of the marketplace's published news and notices, newest first; of one type when given (INFO-05). */
export async function newsPage(q: Queryable, current: number, perPage: number, type?: number) {
  const [total, rows] = await Promise.all([
    store.countPublishedPosts(q, type),
    store.publishedPosts(q, perPage, (current - 1) * perPage, type),
  ]);
  return page(
    rows.map((r) => ({ ...r, published_at: iso(r.published_at) })),
    total,
    current,
    perPage,
  );
}
