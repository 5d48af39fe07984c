import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { idField, listOf, notFound, ok, parse, parseId } from '../lib/http';
import { activityTerms, type ActivityTermsRow } from '../lib/activities';

/** At most this many activities in one answer: an activity centre's tabs, or the activity zone's index. */
export const MAX_ACTIVITIES = 50;

const listQuery = z.object({ ids: listOf(idField('活动不存在'), '请选择活动', MAX_ACTIVITIES).optional() });

interface ActivityRow extends ActivityTermsRow {
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
    ...activityTerms(a),
    // Seckill and exchange prices belong to each goods (GET /api/goods/activities), not to the activity.
    price: null,
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
