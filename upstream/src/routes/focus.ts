import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound, ok } from '../lib/http';

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

interface CategoryRow {
  id: number;
  parent_id: number | null;
  kind: 'normal' | 'yx' | 'zy' | 'qx';
  name: string;
  logo: string | null;
  logo1: string | null;
}

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

export function focusRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const bannerImage = (id: number) => `${config.publicUrl}/api/images/banner/${id}.svg`;

  async function banners(slot: string) {
    const rows = await db.query<{ id: number; name: string; url: string | null }>(
      'SELECT id, name, url FROM banners WHERE slot = $1 ORDER BY sort, id',
      [slot],
    );
    return rows.map((r) => ({ id: r.id, image: bannerImage(r.id), url: r.url, name: r.name }));
  }

  app.get('/api/focus/common', async () => {
    const [hot, navRows, categoryRows, brandRows] = await Promise.all([
      db.query<{ name: string; url: string | null }>('SELECT name, url FROM hot_words ORDER BY sort, id'),
      db.query<{ id: number; parent_id: number | null; name: string; url: string | null; is_open: number }>(
        'SELECT id, parent_id, name, url, is_open FROM nav ORDER BY parent_id NULLS FIRST, sort, id',
      ),
      db.query<CategoryRow>(
        'SELECT id, parent_id, kind, name, logo, logo1 FROM categories ORDER BY parent_id NULLS FIRST, sort, id',
      ),
      db.query<{ id: number; name: string }>('SELECT id, name FROM brands ORDER BY sort, id'),
    ]);
    const categories = (kind: CategoryRow['kind']) =>
      tree(
        categoryRows.filter((r) => r.kind === kind),
        (r): CategoryNode => ({ id: r.id, name: r.name, logo: r.logo, logo1: r.logo1, children: [] }),
      );
    return ok({
      rnss: hot,
      nav: tree(navRows, (r): NavNode => ({
        id: r.id,
        name: r.name,
        url: r.url,
        image: null,
        is_open: r.is_open,
        children: [],
      })),
      category: categories('normal'),
      category_yx: categories('yx'),
      category_zy: categories('zy'),
      category_qx: categories('qx'),
      brand: brandRows.map((b) => ({
        id: b.id,
        name: b.name,
        logo: `${config.publicUrl}/api/images/brand/${b.id}.svg`,
      })),
      timestamp: Math.floor(Date.now() / 1000),
    });
  });

  app.get('/api/focus', async () => ok(await banners('home')));

  app.get('/api/focus/:slot', async (request) => {
    const { slot } = request.params as { slot: string };
    if (!slots.has(slot)) throw notFound('广告位不存在');
    return ok(await banners(slot));
  });

  app.get('/api/global/links', async () =>
    ok(await db.query<{ name: string; url: string | null }>('SELECT name, url FROM links ORDER BY sort, id')),
  );

  app.get('/api/article/category', async (request) => {
    const raw = (request.query as { category_id?: unknown }).category_id;
    // The footer asks for group 3 (spec section 9); anything that is not a group number finds nothing.
    const group = raw === undefined ? 3 : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
    const rows = await db.query<{ cid: number; cname: string; aid: number | null; title: string | null }>(
      `SELECT hc.id AS cid, hc.name AS cname, a.id AS aid, a.title
       FROM help_categories hc LEFT JOIN articles a ON a.help_category_id = hc.id
       WHERE hc.group_id = $1 ORDER BY hc.sort, hc.id, a.sort, a.id`,
      [group],
    );
    const out: { id: number; name: string; children: { id: number; title: string }[] }[] = [];
    for (const r of rows) {
      let last = out[out.length - 1];
      if (last?.id !== r.cid) {
        last = { id: r.cid, name: r.cname, children: [] };
        out.push(last);
      }
      if (r.aid !== null && r.title !== null) last.children.push({ id: r.aid, title: r.title });
    }
    return ok(out);
  });
}
