import { Wording } from '@pharma/domain/wording';
import type { PurchaseListMatchKind, PurchaseListRowStatus, Resolvers } from '../../generated/resolvers';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { refreshCart } from '../cart/resolvers';
import { cartChanged } from '../cart/live';
import { goodsOf } from '../goods/view';
import type { PurchaseListRowMapper } from './mappers';
import { postImport, postMatch } from './rest';

/** IMPORT-02: the most lines one confirmation adds (the upstream's list limit). */
const MAX_LINES = 500;
const CHOOSE_LIST = '请粘贴采购单或选择要上传的文件';

const STATUSES: Record<PurchaseListRowMapper['status'], PurchaseListRowStatus> = {
  exact: 'EXACT',
  ambiguous: 'AMBIGUOUS',
  none: 'NONE',
};
const KINDS: Record<NonNullable<PurchaseListRowMapper['matched_by']>, PurchaseListMatchKind> = {
  pzwh: 'APPROVAL_NUMBER',
  name: 'NAME',
  contains: 'NAME_PART',
  pinyin: 'PINYIN',
};

export const purchaseListResolvers: Resolvers = {
  Mutation: {
    matchPurchaseList: (_parent, { text, file }, { upstream }) => {
      if (file != null) return postMatch(upstream, { file });
      if (text == null || text.trim() === '') throw badUserInput({ text: [CHOOSE_LIST] });
      return postMatch(upstream, { text });
    },
    importPurchaseList: async (_parent, { lines }, context) => {
      if (lines.length === 0) throw badUserInput({ lines: [Wording.chooseGoods] });
      if (lines.length > MAX_LINES) throw badUserInput({ lines: [`一次最多加入${MAX_LINES}种商品`] });
      // CART-05: a quantity below 1 refuses the whole confirmation before anything is added.
      if (lines.some((line) => !Number.isSafeInteger(line.number) || line.number < 1)) {
        throw badUserInput({ number: [Wording.quantity] });
      }
      const payload = await postImport(
        context.upstream,
        lines.map((line) => ({ goods_id: line.goodsId, number: line.number })),
      );
      if (payload.added.length > 0) cartChanged(context);
      return payload;
    },
  },
  PurchaseListImportPayload: {
    refused: (payload) => payload.failed,
    // IMPORT-06: read after the adds, so the header badge updates from the answer; no read when nothing went in.
    cart: (payload, _args, context) => (payload.added.length > 0 ? refreshCart(context) : null),
  },
  PurchaseListAddedLine: {
    goodsId: (line) => String(line.goods_id),
  },
  PurchaseListRefusedLine: {
    goodsId: (line) => String(line.goods_id),
  },
  PurchaseListRow: {
    manufacturer: (row) => row.maker,
    approvalNumber: (row) => row.pzwh,
    status: (row) => fromUpstreamCode(STATUSES, row.status),
    matchedBy: (row) => (row.matched_by === null ? null : fromUpstreamCode(KINDS, row.matched_by)),
    candidateTotal: (row) => row.candidate_total,
    candidates: (row) => row.candidates.map(goodsOf),
  },
};
