import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findSession, requireSession } from '../../lib/auth';
import { ok, parse, pathId } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as coupons from './service';

const centerQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 20) });

/** The coupon centre; the rules are in ./service. */
export function couponRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/coupon/center', async (request) => {
    const q = parse(centerQuery, request.query);
    const session = await findSession(db, request);
    return ok(await coupons.centerCoupons(db, session?.userId ?? null, q.page, q.page_size));
  });

  app.post('/api/coupon/:id/take', async (request) => {
    const { userId } = await requireSession(db, request);
    const couponId = pathId(request.params, 'id', coupons.couponNotFound);
    return ok(await coupons.takeCoupon(db, userId, couponId), '领取成功');
  });
}
