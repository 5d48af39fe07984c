/** The SQL of inspection reports. */
import type { Queryable, SqlValue } from '../../db/db';
import { containsPattern } from '../../lib/goods';
import type { ReportPicture } from '../../lib/svg';

export interface ReportFilter {
  goodsId?: number;
  batchNo?: string;
  /** Part of the goods' name or maker, or their pinyin initials; lower case. */
  keyword?: string;
}

export interface ReportRow extends ReportPicture {
  id: number;
  goods_id: number;
  total: number;
}

/** The columns of `ReportFacts` of the reports under alias r. */
export const REPORT_FACTS_SQL = `r.batch_no, r.report_no, r.lab, to_char(r.produced_on, 'YYYY-MM-DD') AS produced_on,
  to_char(r.expires_on, 'YYYY-MM-DD') AS expires_on, to_char(r.inspected_on, 'YYYY-MM-DD') AS inspected_on,
  r.conclusion`;

const REPORT_SQL = `SELECT r.id, r.goods_id, g.name AS goods_name, g.sccj, g.ypgg, ${REPORT_FACTS_SQL}`;

/** One page of the reports the filter finds, newest inspection first, with the total over the whole filter. */
export async function reportsPage(q: Queryable, f: ReportFilter, limit: number, offset: number): Promise<ReportRow[]> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const param = (value: SqlValue) => `$${params.push(value)}`;
  if (f.goodsId !== undefined) where.push(`r.goods_id = ${param(f.goodsId)}`);
  if (f.batchNo !== undefined) where.push(`r.batch_no = ${param(f.batchNo)}`);
  if (f.keyword !== undefined) {
    const p = param(containsPattern(f.keyword));
    where.push(
      `(lower(g.name) LIKE ${p} ESCAPE '\\' OR g.name_py LIKE ${p} ESCAPE '\\'` +
        ` OR lower(g.sccj) LIKE ${p} ESCAPE '\\' OR g.sccj_py LIKE ${p} ESCAPE '\\')`,
    );
  }
  return q.query<ReportRow>(
    `${REPORT_SQL}, count(*) OVER ()::int AS total
       FROM inspection_reports r JOIN goods g ON g.id = r.goods_id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY r.inspected_on DESC, r.id DESC
      LIMIT ${param(limit)} OFFSET ${param(offset)}`,
    params,
  );
}

export type ReportPictureRow = Omit<ReportRow, 'total'>;

export async function reportPicture(q: Queryable, id: number): Promise<ReportPictureRow | undefined> {
  const [row] = await q.query<ReportPictureRow>(
    `${REPORT_SQL}
       FROM inspection_reports r JOIN goods g ON g.id = r.goods_id WHERE r.id = $1`,
    [id],
  );
  return row;
}
