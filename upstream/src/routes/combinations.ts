import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { idField, notFound, ok, parse } from '../lib/http';

/** 1 combination full-gift (组合满赠), 2 combination purchase (组合购): the old client's numbering of kinds. */
const KINDS = { 1: 'gift', 2: 'bundle' } as const;
const TYPES = { gift: 1, bundle: 2 } as const;

const groupsQuery = z.object({
  type: z
    .enum(['1', '2'], { error: '类型必须是1或2' })
    .default('1')
    .transform((t) => KINDS[t]),
});
const groupQuery = z.object({ id: idField('组合不存在') });

interface GroupRow {
  id: number;
  kind: 'gift' | 'bundle';
  name: string;
  describe: string;
  threshold: number | null;
  gift_goods_id: number | null;
  gift_goods_name: string | null;
  gift_number: number | null;
  goods_count: number;
  set_price: number | null;
  original_price: number;
  start_at: Date;
  end_at: Date;
}

// Sums are of the set (number × unit price); a gift group's set is one of each goods at its own price.
const GROUP_SQL = `SELECT cg.id, cg.kind, cg.name, cg.describe, cg.threshold, cg.gift_goods_id, gg.name AS gift_goods_name,
    cg.gift_number, cg.start_at, cg.end_at,
    (SELECT count(*)::int FROM combination_goods c WHERE c.group_id = cg.id) AS goods_count,
    CASE WHEN cg.kind = 'bundle' THEN
      (SELECT sum(c.number * c.price)::int FROM combination_goods c WHERE c.group_id = cg.id) END AS set_price,
    (SELECT coalesce(sum(c.number * g.price), 0)::int FROM combination_goods c JOIN goods g ON g.id = c.goods_id
      WHERE c.group_id = cg.id) AS original_price
  FROM combination_groups cg LEFT JOIN goods gg ON gg.id = cg.gift_goods_id
  WHERE cg.start_at <= now() AND cg.end_at > now()`;

function groupDto(row: GroupRow) {
  return {
    id: row.id,
    type: TYPES[row.kind],
    name: row.name,
    describe: row.describe,
    threshold: row.threshold,
    gift_goods_id: row.gift_goods_id,
    gift_goods_name: row.gift_goods_name,
    gift_number: row.gift_number,
    goods_count: row.goods_count,
    set_price: row.set_price,
    original_price: row.original_price,
    start_at: new Date(row.start_at).toISOString(),
    end_at: new Date(row.end_at).toISOString(),
  };
}

/** Combination full-gift (组合满赠, /zhmz) and combination purchase (组合购, /zhzq). */
export function combinationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/combinationMzhgGroup', async (request) => {
    const { type } = parse(groupsQuery, request.query);
    const rows = await db.query<GroupRow>(`${GROUP_SQL} AND cg.kind = $1 ORDER BY cg.sort, cg.id`, [type]);
    return ok(rows.map(groupDto));
  });

  app.get('/api/combinationMzhg', async (request) => {
    const { id } = parse(groupQuery, request.query);
    const [group] = await db.query<GroupRow>(`${GROUP_SQL} AND cg.id = $1`, [id]);
    if (group === undefined) throw notFound('组合不存在');
    const [goods, gift] = await Promise.all([
      db.query<GoodsRow & { combination_number: number; combination_price: number | null }>(
        `SELECT ${GOODS_COLUMNS}, c.number AS combination_number, c.price AS combination_price
         FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = $1 ORDER BY c.sort, g.id`,
        [id],
      ),
      group.gift_goods_id === null
        ? Promise.resolve([])
        : db.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = $1`, [group.gift_goods_id]),
    ]);
    return ok({
      ...groupDto(group),
      gift_goods: gift[0] === undefined ? null : goodsDto(gift[0], config.publicUrl),
      goods: goods.map(({ combination_number, combination_price, ...row }) => ({
        ...goodsDto(row, config.publicUrl),
        combination: { number: combination_number, price: combination_price },
      })),
    });
  });
}
