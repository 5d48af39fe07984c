import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok, parse, wholeNumber } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as inspection from './service';

/** A text filter: trimmed, and no filter at all when blank. */
const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, message)
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()));

const filterQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  goods_id: wholeNumber('商品不存在', 1).optional(),
  // REPORT-01: the batch number as printed on the box, letters and digits.
  batch_no: text(32, '批号最多32个字符'),
  keyword: text(100, '关键词最多100个字符').transform((s) => s?.toLowerCase()),
});

/** Inspection reports, open to visitors as the goods themselves are: quality is checked before buying. */
export function inspectionRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/jybg/filter', async (request) => {
    const q = parse(filterQuery, request.query);
    const f = { goodsId: q.goods_id, batchNo: q.batch_no, keyword: q.keyword };
    return ok(await inspection.filter(db, config.publicUrl, f, q.page, q.page_size));
  });
}
