import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { idField, iso, listOf, notFound, ok, parse, parseId } from '../lib/http';
import { ACTIVITY_TYPE_NAMES } from './goods';

/** At most this many activities in one answer: an activity centre's tabs, or the activity zone's index. */
export const MAX_ACTIVITIES = 50;

const listQuery = z.object({ ids: listOf(idField('活动不存在'), '请选择活动', MAX_ACTIVITIES).optional() });

interface ActivityRow {
  id: number;
  type: keyof typeof ACTIVITY_TYPE_NAMES;
  name: string;
  describe: string;
  threshold: number | null;
  reduce: number | null;
  discount: number | null;
  gift_goods_id: number | null;
  gift_goods_name: string | null;
  gift_number: number | null;
  start_at: Date | string;
  end_at: Date | string;
  status: 0 | 1 | 2;
  goods_count: number;
}

// The status as the goods' activities answer it (1 running, 0 upcoming), plus 2 for an activity that has ended:
// an activity asked for by id may be over, and its page says so.
const ACTIVITY_COLUMNS = `a.id, a.type, a.name, a.describe, a.threshold, a.reduce, a.discount, a.gift_goods_id,
  gg.name AS gift_goods_name, a.gift_number, a.start_at, a.end_at,
  CASE WHEN a.end_at <= now() THEN 2 WHEN a.start_at <= now() THEN 1 ELSE 0 END AS status,
  (SELECT count(*)::int FROM goods_activities ga WHERE ga.activity_id = a.id) AS goods_count`;

const ACTIVITY_FROM = 'FROM activities a LEFT JOIN goods gg ON gg.id = a.gift_goods_id';

/** The REST activity (docs/rest-api.md): the goods' activity object without a per-goods price, with its goods count. */
function activityDto(a: ActivityRow) {
  return {
    id: a.id,
    type: a.type,
    type_name: ACTIVITY_TYPE_NAMES[a.type],
    name: a.name,
    describe: a.describe,
    threshold: a.threshold,
    reduce: a.reduce,
    discount: a.discount,
    // Seckill and exchange prices belong to each goods (GET /api/goods/activities), not to the activity.
    price: null,
    gift_goods_id: a.gift_goods_id,
    gift_goods_name: a.gift_goods_name,
    gift_number: a.gift_number,
    start_at: iso(a.start_at),
    end_at: iso(a.end_at),
    status: a.status,
    goods_count: a.goods_count,
  };
}

/** Activities by themselves (/yjh activity zone, /Hdzx activity centre); their goods are GET /api/goods/list?activity_id=. */
export function activityRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/activity/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] =
      id === undefined
        ? []
        : await db.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} ${ACTIVITY_FROM} WHERE a.id = $1`, [id]);
    if (row === undefined) throw notFound('活动不存在');
    return ok(activityDto(row));
  });

  app.get('/api/activity', async (request) => {
    const { ids } = parse(listQuery, request.query);
    if (ids === undefined) {
      // The activity zone's index: what a buyer can take part in now, the offers about to end first, then what is
      // coming.
      const rows = await db.query<ActivityRow>(
        `SELECT ${ACTIVITY_COLUMNS} ${ACTIVITY_FROM} WHERE a.end_at > now()
         ORDER BY (a.start_at > now()), a.end_at, a.id LIMIT $1`,
        [MAX_ACTIVITIES],
      );
      return ok(rows.map(activityDto));
    }
    const wanted = [...new Set(ids)];
    const rows = await db.query<ActivityRow>(
      `SELECT ${ACTIVITY_COLUMNS} ${ACTIVITY_FROM} WHERE a.id = ANY($1::int[])`,
      [wanted],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ok(
      wanted.flatMap((id) => {
        const row = byId.get(id);
        return row === undefined ? [] : [activityDto(row)];
      }),
    );
  });
}
