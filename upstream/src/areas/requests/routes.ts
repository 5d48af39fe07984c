import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { charCount, isEmail, isMobile, RuleText } from '@pharma/domain/validation';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, ok, parse, pathId, wholeNumber } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { requireAdmin } from '../admin/guard';
import * as requests from './service';
import { FEEDBACK_TYPES, MAX_IMAGES } from './service';

/** A text field of `min`..`max` characters as a buyer counts them (VAL-08), trimmed; `min` 0 makes it optional. */
function text(label: string, min: number, max: number) {
  const missing = `请填写${label}`;
  return z
    .string({ error: min > 0 ? missing : `${label}格式不正确` })
    .trim()
    .refine((v) => min === 0 || v !== '', missing)
    .refine((v) => v === '' || charCount(v) >= min, `${label}至少${min}个字`)
    .refine((v) => charCount(v) <= max, `${label}最多${max}个字`);
}

const optional = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((v) => (v === undefined || v === null ? fallback : v), schema);

// REQ-01: what a variety request names. The expected price is integer fen, optional: an empty field is none, and
// anything that is not a whole number of fen is refused (never read as 0).
const requestBody = z.object(
  {
    name: text('品种名称', 1, 50),
    ypgg: text('规格', 1, 50),
    sccj: text('生产厂家', 1, 50),
    pzwh: optional(text('批准文号', 0, 50), ''),
    number: wholeNumber('求购数量必须是1到1000000之间的整数', 1, 1_000_000),
    price: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      wholeNumber('期望价格必须是1分到100万元之间的整数分', 1, 100_000_000).optional(),
    ),
    remark: optional(text('备注', 0, 200), ''),
  },
  { error: '请填写求购信息' },
);

// REQ-04: a type from the list, 5-500 characters, an optional mobile number (VAL-01), an optional email (VAL-03;
// empty is none, stored as null) and up to four pictures.
const feedbackBody = z.object(
  {
    type: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
    content: text('反馈内容', 5, 500),
    phone: optional(
      z
        .string({ error: RuleText.mobile })
        .trim()
        .refine((v) => v === '' || isMobile(v), RuleText.mobile),
      '',
    ),
    email: optional(
      z
        .string({ error: RuleText.email })
        .trim()
        .refine((v) => v === '' || isEmail(v), RuleText.email)
        .transform((v) => (v === '' ? null : v)),
      '',
    ),
    file_ids: z
      .preprocess(
        (v) => (v === undefined || Array.isArray(v) ? v : [v]),
        z
          .array(idField('图片不存在或已失效，请重新上传'), { error: '图片格式不正确' })
          .max(MAX_IMAGES, `最多上传${MAX_IMAGES}张图片`),
      )
      .optional()
      .default([]),
  },
  { error: '请填写反馈内容' },
);

const listQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

// REQ-03: listed names the goods (its answer optional), unavailable needs the reason the buyer reads.
const answerBody = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('listed'),
      goods_id: idField('请填写上架的商品'),
      answer: optional(text('答复', 0, 200), ''),
    }),
    z.object({ status: z.literal('unavailable'), answer: text('无法采购的原因', 1, 200) }),
  ],
  { error: '请选择答复结果' },
);
const replyBody = z.object({ reply: text('回复内容', 1, 500) }, { error: '请填写回复内容' });

/**
 * A feedback form may carry up to 500 characters, but a buyer may paste far more: such a body (10,000 Chinese
 * characters are about 90 KB form-encoded) must still reach the form check and answer 422 on `content`, not the
 * app-wide 64 KiB refusal.
 */
const FEEDBACK_BODY_LIMIT = 512 * 1024;

/** The buyer's variety requests and feedback, and the operator's answers to them (REQ-01..REQ-06). */
export function requestRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const requestId = (params: unknown) => pathId(params, 'id', requests.requestNotFound);
  const feedbackId = (params: unknown) => pathId(params, 'id', requests.feedbackNotFound);

  app.get('/api/user/buy', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    return ok(await requests.requestsPage(db, userId, q.page, q.page_size));
  });

  app.post('/api/user/buy', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(requestBody, request.body);
    return ok(await requests.createRequest(db, userId, { ...body, price: body.price ?? null }), '求购信息已提交');
  });

  app.get('/api/user/buy/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await requests.loadRequest(db, userId, requestId(request.params)));
  });

  app.get('/api/user/feedback', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    return ok(await requests.feedbackPage(db, userId, q.page, q.page_size));
  });

  app.post('/api/user/feedback', { bodyLimit: FEEDBACK_BODY_LIMIT }, async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(feedbackBody, request.body);
    return ok(await requests.submitFeedback(db, userId, body), '感谢您的反馈');
  });

  app.post('/api/admin/buy/:id/answer', async (request) => {
    requireAdmin(config, request);
    const id = requestId(request.params);
    const body = parse(answerBody, request.body);
    const answer =
      body.status === 'listed'
        ? { status: body.status, goodsId: body.goods_id, answer: body.answer }
        : { status: body.status, answer: body.answer };
    return ok(await requests.answerRequest(db, id, answer), '已答复');
  });

  app.post('/api/admin/feedback/:id/reply', async (request) => {
    requireAdmin(config, request);
    const id = feedbackId(request.params);
    const body = parse(replyBody, request.body);
    return ok(await requests.replyFeedback(db, id, body.reply), '已回复');
  });
}
