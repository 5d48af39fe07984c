import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { activityTerms, type ActivityTermsRow } from '../lib/activities';
import type { SqlValue } from '../db/db';
import { containsPattern, GOODS_COLUMNS, goodsDto, NEAR_EXPIRY_DAYS, prefixPattern, type GoodsRow } from '../lib/goods';
import { flag, idField, listOf, notFound, ok, parse, parseId, wholeNumber } from '../lib/http';

const keywords = z
  .string({ error: '关键词格式不正确' })
  .max(500, '关键词最多500个字符')
  .default('')
  .transform((s) => s.trim().toLowerCase());
const searchType = z.enum(['1', '2'], { error: '搜索类型只能是1或2' }).default('1');

const listQuery = z.object({
  keywords,
  type: searchType,
  category_id: wholeNumber('分类不存在', 1).optional(),
  brand_id: wholeNumber('品牌不存在', 1).optional(),
  activity_id: wholeNumber('活动不存在', 1).optional(),
  yx: flag('yx只能是0或1').default(0),
  is_jxq: flag('is_jxq只能是0或1').default(0),
  is_kx: flag('is_kx只能是0或1').default(0),
  zy: flag('zy只能是0或1').default(0),
  qx: flag('qx只能是0或1').default(0),
  page: wholeNumber('页码必须是大于0的整数', 1).default(1),
  page_size: wholeNumber('每页数量必须在1到100之间', 1, 100).default(20),
  sort: z.enum(['default', 'price_asc', 'price_desc', 'sales'], { error: '排序方式不正确' }).default('default'),
});

const searchQuery = z.object({ keywords, type: searchType });

// A page of goods is at most 100, so one call answers the activities of a whole page.
const activitiesQuery = z.object({ goods_ids: listOf(idField('商品不存在'), '请选择商品', 100) });

interface ActivityRow extends ActivityTermsRow {
  goods_id: number;
  price: number | null;
  running: boolean;
}

const ORDER_BY = {
  // Buyable goods first, then best sellers: what a buyer can actually order leads the list.
  default: '(g.is_buy = 1 AND g.number > 0) DESC, g.sales DESC, g.id',
  price_asc: 'g.price, g.id',
  price_desc: 'g.price DESC, g.id',
  sales: 'g.sales DESC, g.id',
} as const;

/** The WHERE clause matching a keyword against a name or manufacturer and its pinyin initials. */
function keywordCondition(type: '1' | '2', param: number): string {
  const [text, py] = type === '2' ? ['g.sccj', 'g.sccj_py'] : ['g.name', 'g.name_py'];
  return `(lower(${text}) LIKE $${param} ESCAPE '\\' OR ${py} LIKE $${param} ESCAPE '\\')`;
}

export function goodsRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/goods/detail/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const row =
      id === undefined
        ? undefined
        : (await db.query<{ g: GoodsRow | null }>('SELECT goods_detail($1) AS g', [id]))[0]?.g;
    if (row === undefined || row === null) throw notFound('商品不存在');
    return ok(goodsDto(row, config.publicUrl));
  });

  app.get('/api/goods/list', async (request) => {
    const q = parse(listQuery, request.query);
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (q.keywords !== '') {
      params.push(containsPattern(q.keywords));
      where.push(keywordCondition(q.type, params.length));
    }
    if (q.category_id !== undefined) {
      params.push(q.category_id);
      where.push(`g.id IN (SELECT gc.goods_id FROM goods_categories gc WHERE gc.category_id IN (
        WITH RECURSIVE sub AS (
          SELECT id FROM categories WHERE id = $${params.length}
          UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
        ) SELECT id FROM sub))`);
    }
    if (q.brand_id !== undefined) {
      params.push(q.brand_id);
      where.push(`g.brand_id = $${params.length}`);
    }
    if (q.activity_id !== undefined) {
      params.push(q.activity_id);
      // goods_activities_activity_idx finds the activity's goods; the goods' own order and paging then apply.
      where.push(`g.id IN (SELECT ga.goods_id FROM goods_activities ga WHERE ga.activity_id = $${params.length})`);
    }
    if (q.yx === 1) where.push('g.is_youx = 1');
    if (q.is_jxq === 1) {
      where.push(
        `g.expire_date < (now() AT TIME ZONE 'Asia/Shanghai')::date + ${NEAR_EXPIRY_DAYS} AND g.expire_date >= (now() AT TIME ZONE 'Asia/Shanghai')::date`,
      );
    }
    if (q.is_kx === 1) where.push('g.is_kx = 1');
    // The spec's herbal zone asks for type=1, but type already chooses the search field: herbal is zy=1.
    if (q.zy === 1) where.push('g.type = 1');
    if (q.qx === 1) {
      where.push(
        "g.id IN (SELECT gc.goods_id FROM goods_categories gc JOIN categories c ON c.id = gc.category_id WHERE c.kind = 'qx')",
      );
    }
    const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
    const offset = (q.page - 1) * q.page_size;
    // One scan answers the page and the total: a keyword is a substring match over every goods, and a second
    // statement for count(*) would scan them all again (PGlite runs statements one after another).
    const rows = await db.query<GoodsRow & { total_count: number }>(
      `SELECT ${GOODS_COLUMNS}, count(*) OVER ()::int AS total_count FROM goods g ${whereSql}
       ORDER BY ${ORDER_BY[q.sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.page_size, offset],
    );
    // A page past the end has no row to carry the total.
    const total =
      rows[0]?.total_count ??
      (offset === 0
        ? 0
        : ((await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM goods g ${whereSql}`, params))[0]
            ?.total ?? 0));
    return ok({
      current_page: q.page,
      per_page: q.page_size,
      total,
      last_page: Math.max(1, Math.ceil(total / q.page_size)),
      data: rows.map((r) => goodsDto(r, config.publicUrl)),
    });
  });

  app.get('/api/goods/search', async (request) => {
    const q = parse(searchQuery, request.query);
    if (q.keywords === '') return ok([]);
    const group = q.type === '2' ? 'g.sccj' : 'g.name';
    const other = q.type === '2' ? 'min(g.name) AS name' : 'min(g.sccj) AS sccj';
    const rows = await db.query<{ id: number; name: string; sccj: string }>(
      `SELECT min(g.id) AS id, ${group}, ${other}
       FROM goods g WHERE ${keywordCondition(q.type, 1)}
       GROUP BY ${group}
       ORDER BY bool_or(${keywordCondition(q.type, 2)}) DESC, sum(g.sales) DESC, ${group}
       LIMIT 10`,
      [containsPattern(q.keywords), prefixPattern(q.keywords)],
    );
    return ok(rows.map((r) => ({ id: r.id, name: r.name, sccj: r.sccj })));
  });

  app.get('/api/goods/activities', async (request) => {
    const { goods_ids } = parse(activitiesQuery, request.query);
    const ids = [...new Set(goods_ids)];
    // Running and upcoming activities; ended ones are history, not something a buyer can still take part in.
    const rows = await db.query<ActivityRow>(
      `SELECT ga.goods_id, a.id, a.type, a.name, a.describe, a.threshold, a.reduce, a.discount, ga.price,
         a.gift_goods_id, gg.name AS gift_goods_name, a.gift_number, a.start_at, a.end_at,
         a.start_at <= now() AS running
       FROM goods_activities ga JOIN activities a ON a.id = ga.activity_id
       LEFT JOIN goods gg ON gg.id = a.gift_goods_id
       WHERE ga.goods_id = ANY($1::int[]) AND a.end_at > now()
       ORDER BY ga.goods_id, running DESC, a.start_at, a.id`,
      [ids],
    );
    const byGoods = new Map<number, ActivityRow[]>();
    for (const row of rows) {
      let list = byGoods.get(row.goods_id);
      if (list === undefined) byGoods.set(row.goods_id, (list = []));
      list.push(row);
    }
    return ok(
      ids.map((id) => ({
        goods_id: id,
        activities: (byGoods.get(id) ?? []).map((a) => ({
          ...activityTerms(a),
          price: a.price,
          status: a.running ? 1 : 0,
        })),
      })),
    );
  });

  app.get('/api/goods/hot', async () => {
    const rows = await db.query<GoodsRow>(
      `SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.is_buy = 1 AND g.number > 0 ORDER BY g.sales DESC, g.id LIMIT 12`,
    );
    return ok(rows.map((r) => goodsDto(r, config.publicUrl)));
  });
}
