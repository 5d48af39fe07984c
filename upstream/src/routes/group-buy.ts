import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { groupBuyDto } from '../lib/group-buys';
import { ok, parse } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

const pageQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 20) });

interface GroupBuyRow extends GoodsRow {
  group_buy_id: number;
  group_price: number;
  target_number: number;
  joined_number: number;
  group_start_at: Date;
  group_end_at: Date;
}

interface PostRow {
  id: number;
  title: string;
  summary: string;
  published_at: Date;
}

/** The group-buy zone (拼团, /ptzq) and the news list (/api/focus/postList). */
export function groupBuyRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/activity/group_buy', async (request) => {
    const q = parse(pageQuery, request.query);
    // Running offers of goods a buyer can order now; the groups closest to forming first, as the zone shows them.
    const from = `FROM group_buys gb JOIN goods g ON g.id = gb.goods_id
      WHERE gb.start_at <= now() AND gb.end_at > now() AND g.is_buy = 1`;
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`),
      db.query<GroupBuyRow>(
        `SELECT ${GOODS_COLUMNS}, gb.id AS group_buy_id, gb.price AS group_price, gb.target_number,
           gb.joined_number, gb.start_at AS group_start_at, gb.end_at AS group_end_at
         ${from}
         ORDER BY gb.joined_number::float8 / gb.target_number DESC, gb.id LIMIT $1 OFFSET $2`,
        [q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(
      page(
        rows.map(
          ({ group_buy_id, group_price, target_number, joined_number, group_start_at, group_end_at, ...row }) => ({
            ...goodsDto(row, config.publicUrl),
            group_buy: groupBuyDto({
              id: group_buy_id,
              price: group_price,
              target_number,
              joined_number,
              start_at: group_start_at,
              end_at: group_end_at,
            }),
          }),
        ),
        countRows[0]?.total ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });

  app.get('/api/focus/postList', async (request) => {
    const q = parse(pageQuery, request.query);
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>('SELECT count(*)::int AS total FROM news_posts WHERE published_at <= now()'),
      db.query<PostRow>(
        `SELECT id, title, summary, published_at FROM news_posts WHERE published_at <= now()
         ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(
      page(
        rows.map((r) => ({ ...r, published_at: new Date(r.published_at).toISOString() })),
        countRows[0]?.total ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });
}
