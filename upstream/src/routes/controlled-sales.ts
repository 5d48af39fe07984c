import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { idField, listOf, ok, parse } from '../lib/http';

/** At most this many advertisements on top of one series' page: the address carries their ids. */
export const MAX_SERIES_ADS = 20;

const adsQuery = z.object({
  ids: listOf(idField('广告编号必须是正整数'), '请选择广告', MAX_SERIES_ADS).optional(),
});

interface SeriesRow {
  id: number;
  name: string;
  logo: string | null;
  goods_count: number;
  ad_ids: number[];
}

/**
 * The controlled-sales zone's series (控销系列, spec 2: /kxzq/new with index and /kxzq/goods/{url}/{ads?}) and the
 * advertisements shown on a series' page (spec 7: /api/focus/kxzq_ad with ids).
 */
export function controlledSalesRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/goods/kx_categories', async () => {
    // One statement: every normal category is mapped to its top-level ancestor, and controlled-sales goods are
    // counted once per top level even when they sit in several of its sub-categories, so each count is the total
    // of GET /api/goods/list?is_kx=1&category_id={id}.
    const rows = await db.query<SeriesRow>(
      `WITH RECURSIVE tree AS (
         SELECT id, id AS top_id FROM categories WHERE kind = 'normal' AND parent_id IS NULL
         UNION ALL
         SELECT c.id, tree.top_id FROM categories c JOIN tree ON c.parent_id = tree.id
       ), counted AS (
         SELECT tree.top_id, count(DISTINCT g.id)::int AS goods_count
         FROM tree
         JOIN goods_categories gc ON gc.category_id = tree.id
         JOIN goods g ON g.id = gc.goods_id AND g.is_kx = 1
         GROUP BY tree.top_id
       )
       SELECT t.id, t.name, t.logo, counted.goods_count, COALESCE(own.ids, zone.ids, '{}') AS ad_ids
       FROM counted
       JOIN categories t ON t.id = counted.top_id
       LEFT JOIN LATERAL (
         SELECT array_agg(b.id ORDER BY b.sort, b.id) AS ids FROM banners b
         WHERE b.slot = 'kxzq_ad' AND b.category_id = t.id
       ) own ON true
       CROSS JOIN (
         SELECT array_agg(b.id ORDER BY b.sort, b.id) AS ids FROM banners b
         WHERE b.slot = 'kxzq_ad' AND b.category_id IS NULL
       ) zone
       ORDER BY t.sort, t.id`,
    );
    return ok(
      rows.map((r) => ({ id: r.id, name: r.name, logo: r.logo, goods_count: r.goods_count, ad_ids: r.ad_ids })),
    );
  });

  // Registered beside GET /api/focus/{slot}: the static path wins, and only this slot is asked for by ids.
  app.get('/api/focus/kxzq_ad', async (request) => {
    const { ids } = parse(adsQuery, request.query);
    const wanted = ids === undefined ? null : [...new Set(ids)];
    const rows =
      wanted === null
        ? await db.query<{ id: number; name: string; url: string | null }>(
            "SELECT id, name, url FROM banners WHERE slot = 'kxzq_ad' ORDER BY sort, id",
          )
        : await db.query<{ id: number; name: string; url: string | null }>(
            `SELECT id, name, url FROM banners WHERE slot = 'kxzq_ad' AND id = ANY($1::int[])
             ORDER BY array_position($1::int[], id)`,
            [wanted],
          );
    return ok(
      rows.map((r) => ({
        id: r.id,
        image: `${config.publicUrl}/api/images/banner/${r.id}.svg`,
        url: r.url,
        name: r.name,
      })),
    );
  });
}
