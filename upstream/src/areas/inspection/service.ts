/** Inspection reports (检验报告) of the goods' batches (REPORT-01, REPORT-02 in docs/product.md). */
import type { Queryable } from '../../db/db';
import { page } from '../../lib/paging';
import * as store from './store';

/** REPORT-01: a page of reports by goods, batch number or name; each with the address of its picture. */
export async function filter(q: Queryable, publicUrl: string, f: store.ReportFilter, current: number, perPage: number) {
  const rows = await store.reportsPage(q, f, perPage, (current - 1) * perPage);
  const reports = rows.map(({ total: _total, ...row }) => ({
    ...row,
    image: `${publicUrl}/api/images/report/${row.id}.svg`,
  }));
  return page(reports, rows[0]?.total ?? 0, current, perPage);
}
