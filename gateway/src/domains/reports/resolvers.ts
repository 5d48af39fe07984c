import { isRecordId } from '@pharma/domain/validation';
import type { Resolvers } from '../../generated/resolvers';
import { checkPaging } from '../../paging';
import { fetchInspectionReports, type ReportQuery } from './rest';

const EMPTY_PAGE = (page: number, pageSize: number) => ({
  current_page: page,
  per_page: pageSize,
  total: 0,
  last_page: 1,
  data: [],
});

export const reportResolvers: Resolvers = {
  Query: {
    inspectionReports: async (_parent, { filter, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      const query: ReportQuery = { page, page_size: pageSize };
      const goodsId = filter?.goodsId?.trim();
      if (goodsId !== undefined && goodsId !== '') {
        // An id no goods can have finds no report, without asking.
        if (!isRecordId(goodsId)) return EMPTY_PAGE(page, pageSize);
        query.goods_id = goodsId;
      }
      if (filter?.batchNo) query.batch_no = filter.batchNo;
      if (filter?.keyword) query.keyword = filter.keyword;
      return fetchInspectionReports(upstream, query);
    },
  },
  InspectionReportPage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
  InspectionReport: {
    id: (report) => String(report.id),
    goodsId: (report) => String(report.goods_id),
    goodsName: (report) => report.goods_name,
    manufacturer: (report) => report.sccj,
    spec: (report) => report.ypgg,
    batchNo: (report) => report.batch_no,
    reportNo: (report) => report.report_no,
    laboratory: (report) => report.lab,
    producedOn: (report) => report.produced_on,
    expiresOn: (report) => report.expires_on,
    inspectedOn: (report) => report.inspected_on,
  },
};
