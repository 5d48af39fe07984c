import type { Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import { firstBusinessDocumentsPath } from './file-route';
import { fetchFirstBusinessTaken } from './rest';

export const firstBusinessResolvers: Resolvers = {
  User: {
    // FIRST-05: the upstream answers for the session's company only.
    firstBusinessTaken: (_user, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchFirstBusinessTaken(upstream, { page, page_size: pageSize });
    },
  },
  FirstBusinessTakenPage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
  FirstBusinessTaken: {
    goodsId: (taken) => String(taken.goods_id),
    goodsName: (taken) => taken.name,
    spec: (taken) => taken.ypgg,
    manufacturer: (taken) => taken.sccj,
    approvalNumber: (taken) => (taken.pzwh === '' ? null : taken.pzwh),
    lastTakenAt: (taken) => toDateTime(taken.last_taken_at),
    takenBy: (taken) => taken.taken_by,
    storeName: (taken) => (taken.store_name === '' ? null : taken.store_name),
    downloadUrl: (taken) => firstBusinessDocumentsPath({ goodsIds: [String(taken.goods_id)] }),
  },
};
