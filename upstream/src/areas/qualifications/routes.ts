import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '@pharma/domain/codes';
import { z } from 'zod';
import { isCalendarDate } from '@pharma/domain/text';
import { paymentsOf, type Config } from '../../config';
import type { AppContext } from '../../context';
import { findSession, requireSession } from '../../lib/auth';
import { scopeClassesOf } from '../../lib/business-scope';
import { ApiError, idField, ok, parse, pathId } from '../../lib/http';
import * as qualifications from './service';

const scanBody = z.object({ file_id: idField('请先上传证件扫描件') }, { error: '请先上传证件扫描件' });

// VAL-24, VAL-25: a real calendar day in range, not one Date.parse rolls over (2026-02-30) or PostgreSQL refuses.
const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDate(v), message);

const reviewBody = z.discriminatedUnion(
  'result',
  [
    z.object({
      result: z.literal('approve'),
      number: z.string().trim().min(1, '请输入证件编号').max(64, '证件编号过长').optional(),
      valid_from: day('请输入有效期开始日期（YYYY-MM-DD）'),
      // Empty or absent is 长期: a document without an end date.
      valid_to: z.preprocess((v) => (v === '' ? undefined : v), day('请输入有效期截止日期（YYYY-MM-DD）').optional()),
    }),
    z.object({
      result: z.literal('refuse'),
      remark: z.string({ error: '请输入驳回原因' }).trim().min(1, '请输入驳回原因').max(200, '驳回原因最多200个字'),
    }),
  ],
  { error: '审核结果只能是approve或refuse' },
);

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The platform's own calls carry `X-Admin-Token` (the configured ADMIN_TOKEN); without a configured token they are
 * refused plainly. Compared as digests in constant time, so the answer's timing tells nothing of the token.
 */
function requireAdmin(config: Config, request: FastifyRequest): void {
  const expected = paymentsOf(config).adminToken;
  if (expected === undefined) throw new ApiError(403, Refusal.ADMIN_FORBIDDEN, '管理接口未开放（未配置ADMIN_TOKEN）');
  const given = request.headers['x-admin-token'];
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(expected))) {
    throw new ApiError(403, Refusal.ADMIN_FORBIDDEN, '管理员令牌无效');
  }
}

/** Qualification documents of the buyer's company, new scans, and the platform's review (QUAL-01..QUAL-05). */
export function qualificationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const documentId = (params: unknown) => pathId(params, 'id', qualifications.documentNotFound);

  app.get('/api/user/zizhi', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await qualifications.documentsSeen(db, userId));
  });

  app.post('/api/user/zizhi/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = documentId(request.params);
    const { file_id } = parse(scanBody, request.body);
    return ok(await qualifications.submitScan(db, userId, id, file_id), '已提交，等待平台审核');
  });

  app.get('/api/user/jyfw', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await qualifications.businessScope(db, userId));
  });

  // SCOPE-05: the classes the asker's company may buy, for marking goods. Nothing to mark (null, not 401) for a
  // visitor, or for a company whose scope is not on record, which nothing limits.
  app.get('/api/user/scope_classes', async (request) => {
    const session = await findSession(db, request);
    const classes = session === null ? [] : await scopeClassesOf(db, session.userId);
    return ok({ classes: classes.length === 0 ? null : classes });
  });

  app.post('/api/admin/qualification/:id/review', async (request) => {
    requireAdmin(config, request);
    const id = documentId(request.params);
    const body = parse(reviewBody, request.body);
    const decision: qualifications.ReviewDecision =
      body.result === 'approve'
        ? { result: 'approve', number: body.number, valid_from: body.valid_from, valid_to: body.valid_to ?? null }
        : body;
    return ok(await qualifications.reviewScan(db, id, decision), '审核完成');
  });
}
