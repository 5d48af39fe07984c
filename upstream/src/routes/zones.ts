import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { notFound, ok, parse, parseId } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

const pageQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

/** At most this many seckill goods on the home's spike section. */
const SPIKE_LIMIT = 20;

interface SpikeRow extends GoodsRow {
  seckill_price: number;
  activity_id: number;
  activity_name: string;
  start_at: Date;
  end_at: Date;
  running: boolean;
}

/** Home sections and promotion zones: the seckill section, daily specials, recommendations and brand pages. */
export function zoneRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/index/spike', async () => {
    // Running seckills first, then the next ones to start: the section counts down to the nearest start or end.
    const rows = await db.query<SpikeRow>(
      `SELECT ${GOODS_COLUMNS}, ga.price AS seckill_price, a.id AS activity_id, a.name AS activity_name,
         a.start_at, a.end_at, a.start_at <= now() AS running
       FROM goods_activities ga
       JOIN activities a ON a.id = ga.activity_id AND a.type = 'seckill' AND a.end_at > now()
       JOIN goods g ON g.id = ga.goods_id
       WHERE g.is_buy = 1 AND g.number > 0
       ORDER BY running DESC, a.start_at, g.sales DESC, g.id
       LIMIT $1`,
      [SPIKE_LIMIT],
    );
    return ok({
      timestamp: Math.floor(Date.now() / 1000),
      goods: rows.map((r) => ({
        ...goodsDto(r, config.publicUrl),
        seckill: {
          activity_id: r.activity_id,
          name: r.activity_name,
          price: r.seckill_price,
          start_at: new Date(r.start_at).toISOString(),
          end_at: new Date(r.end_at).toISOString(),
          status: r.running ? 1 : 0,
        },
      })),
    });
  });

  app.get('/api/activity/everyday_price', async (request) => {
    const q = parse(pageQuery, request.query);
    // Daily specials are the goods of a running discount activity; the special price is floored to whole fen.
    const from = `FROM goods_activities ga
       JOIN activities a ON a.id = ga.activity_id AND a.type = 'discount' AND a.start_at <= now() AND a.end_at > now()
       JOIN goods g ON g.id = ga.goods_id
       WHERE g.is_buy = 1`;
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(DISTINCT g.id)::int AS total ${from}`),
      db.query<GoodsRow & { special_price: number }>(
        `SELECT DISTINCT ON (g.sales, g.id) ${GOODS_COLUMNS}, (g.price * a.discount) / 100 AS special_price ${from}
         ORDER BY g.sales DESC, g.id, a.discount LIMIT $1 OFFSET $2`,
        [q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(
      page(
        rows.map((r) => ({ ...goodsDto(r, config.publicUrl), special_price: r.special_price })),
        countRows[0]?.total ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });

  // 为您推荐 on the home page; the path's number is the page, as the old client asked for /api/index_wntj/1.
  app.get('/api/index_wntj/:page', async (request) => {
    const pageNumber = parseId((request.params as { page: string }).page);
    const q = parse(pageQuery, { ...(request.query as object), page: String(pageNumber ?? 0) });
    // Branded or preferred goods a buyer can order now, best sellers first.
    const where = 'WHERE g.is_buy = 1 AND g.number > 0 AND (g.brand_id IS NOT NULL OR g.is_youx = 1)';
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM goods g ${where}`),
      db.query<GoodsRow>(
        `SELECT ${GOODS_COLUMNS} FROM goods g ${where} ORDER BY g.sales DESC, g.id LIMIT $1 OFFSET $2`,
        [q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(
      page(
        rows.map((r) => goodsDto(r, config.publicUrl)),
        countRows[0]?.total ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });

  app.get('/api/focus/brand/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const [brand] =
      id === undefined
        ? []
        : await db.query<{ id: number; name: string; makers: string[] | null; goods_total: number }>(
            `SELECT b.id, b.name,
               (SELECT array_agg(DISTINCT g.sccj ORDER BY g.sccj) FROM goods g WHERE g.brand_id = b.id) AS makers,
               (SELECT count(*)::int FROM goods g WHERE g.brand_id = b.id) AS goods_total
             FROM brands b WHERE b.id = $1`,
            [id],
          );
    if (brand === undefined) throw notFound('品牌不存在');
    return ok({
      id: brand.id,
      name: brand.name,
      logo: `${config.publicUrl}/api/images/brand/${brand.id}.svg`,
      makers: brand.makers ?? [],
      goods_total: brand.goods_total,
    });
  });
}
