import type { UpstreamSession } from '../../rest/client';

export type ReportQuery = {
  page: number;
  page_size: number;
  goods_id?: string;
  batch_no?: string;
  keyword?: string;
};

export async function fetchInspectionReports(upstream: UpstreamSession, query: ReportQuery) {
  return (await upstream.get('/api/jybg/filter', { query })).data;
}
