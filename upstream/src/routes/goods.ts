import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { SqlValue } from '../db/db';
import { containsPattern, GOODS_COLUMNS, goodsDto, prefixPattern, type GoodsRow } from '../lib/goods';
import { flag, notFound, ok, parse, parseId, wholeNumber } from '../lib/http';

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
  yx: flag('yx只能是0或1').default(0),
  page: wholeNumber('页码必须是大于0的整数', 1).default(1),
  page_size: wholeNumber('每页数量必须在1到100之间', 1, 100).default(20),
  sort: z.enum(['default', 'price_asc', 'price_desc', 'sales'], { error: '排序方式不正确' }).default('default'),
});

const searchQuery = z.object({ keywords, type: searchType });

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
    if (q.yx === 1) where.push('g.is_youx = 1');
    const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
    const offset = (q.page - 1) * q.page_size;
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM goods g ${whereSql}`, params),
      db.query<GoodsRow>(
        `SELECT ${GOODS_COLUMNS} FROM goods g ${whereSql} ORDER BY ${ORDER_BY[q.sort]}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.page_size, offset],
      ),
    ]);
    const total = countRows[0]?.total ?? 0;
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

  app.get('/api/goods/hot', async () => {
    const rows = await db.query<GoodsRow>(
      `SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.is_buy = 1 AND g.number > 0 ORDER BY g.sales DESC, g.id LIMIT 12`,
    );
    return ok(rows.map((r) => goodsDto(r, config.publicUrl)));
  });
}
