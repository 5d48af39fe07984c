import { Wording } from '@pharma/domain/wording';
import type {
  PurchaseListColumnInput,
  PurchaseListField,
  PurchaseListMatchKind,
  PurchaseListRowStatus,
  Resolvers,
} from '../../generated/resolvers';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { refreshCart } from '../cart/resolvers';
import { cartChanged } from '../cart/live';
import { goodsOf } from '../goods/view';
import type { PurchaseListColumnMapper, PurchaseListRowMapper } from './mappers';
import { postImport, postMatch } from './rest';

/** IMPORT-02: the most lines one confirmation adds (the upstream's list limit). */
const MAX_LINES = 500;
const CHOOSE_LIST = '请粘贴采购单或选择要上传的文件';
/** IMPORT-17: the upstream's limits on a mapping, checked here first so a wrong one never leaves the gateway. */
const MAX_COLUMNS = 50;
const MAPPING_GOODS_TEXT = '请指定商品名称或批准文号所在的列';
const MAPPING_COLUMN_TEXT = `列的位置须是0到${MAX_COLUMNS - 1}的整数，同一列只能读作一项`;

type UpstreamField = NonNullable<PurchaseListColumnMapper['field']>;
const FIELDS: Record<UpstreamField, PurchaseListField> = {
  name: 'NAME',
  spec: 'SPEC',
  maker: 'MANUFACTURER',
  pzwh: 'APPROVAL_NUMBER',
  number: 'QUANTITY',
  unit: 'UNIT',
  price: 'PRICE',
};
const UPSTREAM_FIELDS = Object.fromEntries(Object.entries(FIELDS).map(([key, value]) => [value, key])) as Record<
  PurchaseListField,
  UpstreamField
>;

/**
 * IMPORT-17: the buyer's mapping as the upstream's form fields (`columns[number]=4`; '' leaves a field unread), or
 * undefined when none was given; refused on `columns` as the upstream would refuse it.
 */
export function mappingFields(columns: readonly PurchaseListColumnInput[] | null | undefined) {
  if (columns == null || columns.length === 0) return undefined;
  const fields: Partial<Record<UpstreamField, string>> = {};
  const used = new Set<number>();
  for (const { field, index } of columns) {
    const key = UPSTREAM_FIELDS[field];
    if (key in fields) throw badUserInput({ columns: [MAPPING_COLUMN_TEXT] });
    if (index == null) {
      fields[key] = '';
      continue;
    }
    if (!Number.isSafeInteger(index) || index < 0 || index >= MAX_COLUMNS || used.has(index)) {
      throw badUserInput({ columns: [MAPPING_COLUMN_TEXT] });
    }
    used.add(index);
    fields[key] = String(index);
  }
  if (!fields.name && !fields.pzwh) throw badUserInput({ columns: [MAPPING_GOODS_TEXT] });
  return fields;
}

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
    matchPurchaseList: (_parent, { text, file, columns }, { upstream }) => {
      const mapping = mappingFields(columns);
      if (file != null) return postMatch(upstream, { file }, mapping);
      if (text == null || text.trim() === '') throw badUserInput({ text: [CHOOSE_LIST] });
      return postMatch(upstream, { text }, mapping);
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
  PurchaseListMatch: {
    headerLine: (match) => match.header_line,
  },
  PurchaseListColumn: {
    field: (column) => (column.field === null ? null : fromUpstreamCode(FIELDS, column.field)),
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
