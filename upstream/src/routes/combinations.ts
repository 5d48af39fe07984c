import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  COMBINATION_GROUP_SQL,
  combinationGoods,
  combinationGoodsDto,
  combinationGroupDto,
  RUNNING_GROUP,
  type CombinationGroupRow,
} from '../lib/combinations';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { idField, notFound, ok, parse } from '../lib/http';

const KINDS = { 1: 'gift', 2: 'bundle' } as const;

const groupsQuery = z.object({
  type: z
    .enum(['1', '2'], { error: '类型必须是1或2' })
    .default('1')
    .transform((t) => KINDS[t]),
});
const groupQuery = z.object({ id: idField('组合不存在') });

/** Combination full-gift (组合满赠, /zhmz) and combination purchase (组合购, /zhzq). */
export function combinationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/combinationMzhgGroup', async (request) => {
    const { type } = parse(groupsQuery, request.query);
    const rows = await db.query<CombinationGroupRow>(
      `${COMBINATION_GROUP_SQL} WHERE ${RUNNING_GROUP} AND cg.kind = $1 ORDER BY cg.sort, cg.id`,
      [type],
    );
    return ok(rows.map(combinationGroupDto));
  });

  app.get('/api/combinationMzhg', async (request) => {
    const { id } = parse(groupQuery, request.query);
    const [group] = await db.query<CombinationGroupRow>(
      `${COMBINATION_GROUP_SQL} WHERE ${RUNNING_GROUP} AND cg.id = $1`,
      [id],
    );
    if (group === undefined) throw notFound('组合不存在');
    const [goods, gift] = await Promise.all([
      combinationGoods(db, [id]),
      group.gift_goods_id === null
        ? Promise.resolve([])
        : db.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = $1`, [group.gift_goods_id]),
    ]);
    return ok({
      ...combinationGroupDto(group),
      gift_goods: gift[0] === undefined ? null : goodsDto(gift[0], config.publicUrl),
      goods: (goods.get(id) ?? []).map((row) => combinationGoodsDto(row, config.publicUrl)),
    });
  });
}
