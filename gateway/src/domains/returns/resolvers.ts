import { Refusal } from '@pharma/domain/codes';
import type { Resolvers, ReturnErrorCode, ReturnStatus, ReturnUserError } from '../../generated/resolvers';
import { toDateTime, toOptionalDateTime } from '../../dates';
import { badUserInput, errorCodeOf, fromUpstreamCode, upstreamCodeOf, type FieldErrors } from '../../errors';
import { fetchAfterSale, fetchReturn, postReturn, type ReturnForm } from './rest';

const STATUSES: Record<number, ReturnStatus> = {
  0: 'REQUESTED',
  1: 'APPROVED',
  2: 'REFUSED',
  3: 'RECEIVED',
  4: 'REFUNDED',
};

/** The refusals of asking for a return that the screen shows as outcomes (AFTER-01, AFTER-04). */
const REFUSALS: Partial<Record<number, ReturnErrorCode>> = {
  [Refusal.AFTER_SALE_CLOSED]: 'AFTER_SALE_CLOSED',
  [Refusal.NOT_RETURNABLE]: 'NOT_RETURNABLE',
};

/** The upstream's form fields by the names of RequestReturnInput, so a form shows each message beside its field. */
const FIELD_NAMES: Record<string, string> = {
  order_line_id: 'lineId',
  batch_id: 'batchId',
  file_ids: 'photoIds',
  number: 'number',
  reason: 'reason',
  description: 'description',
};

const MAX_PHOTOS = 6;

/** The reasons the upstream accepts (its description's enum types each one). */
const REASONS: readonly ReturnForm['reason'][] = [
  '商品质量问题',
  '发错货或漏发',
  '商品破损',
  '近效期或过期',
  '不想要了',
  '其他',
];

function renamedFields(error: unknown): never {
  const { extensions, message } = error as { extensions: { fields?: FieldErrors }; message: string };
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(extensions.fields ?? {})) {
    // file_ids.0 → photoIds
    renamed[FIELD_NAMES[field.split('.')[0] ?? field] ?? field] = messages;
  }
  throw badUserInput(renamed, message);
}

/** A picture of an order line, or null for none (the upstream may answer an empty string). */
const imageOf = (image: string) => image || null;

export const returnResolvers: Resolvers = {
  Query: {
    orderAfterSale: (_parent, { orderId }, { upstream }) => fetchAfterSale(upstream, orderId),
    returnRequest: (_parent, { id }, { upstream }) => fetchReturn(upstream, id),
  },
  Mutation: {
    requestReturn: async (_parent, { input }, { upstream }) => {
      const photos = input.photoIds ?? [];
      if (photos.length > MAX_PHOTOS) throw badUserInput({ photoIds: [`最多上传${MAX_PHOTOS}张图片`] });
      const reason = REASONS.find((r) => r === input.reason);
      if (reason === undefined) throw badUserInput({ reason: ['请选择退货原因'] });
      const form: ReturnForm = {
        order_line_id: input.lineId,
        number: input.number,
        reason,
        description: input.description?.trim() ?? '',
        ...(photos.length > 0 ? { file_ids: photos } : {}),
        // BATCH-07: the batch sent back, when the buyer chose one.
        ...(input.batchId == null ? {} : { batch_id: input.batchId }),
      };
      try {
        return { returnRequest: await postReturn(upstream, input.orderId, form), userErrors: [] };
      } catch (error) {
        if (errorCodeOf(error) === 'BAD_USER_INPUT') renamedFields(error);
        const code = upstreamCodeOf(error);
        const refusal = code === undefined ? undefined : REFUSALS[code];
        if (refusal === undefined || !(error instanceof Error)) throw error;
        const userError: ReturnUserError = { message: error.message, code: refusal };
        return { returnRequest: null, userErrors: [userError] };
      }
    },
  },
  OrderAfterSale: {
    orderId: (page) => String(page.order_id),
    orderSn: (page) => page.order_sn,
    canApply: (page) => page.can_return === 1,
  },
  ReturnableLine: {
    id: (line) => String(line.id),
    goodsId: (line) => String(line.goods_id),
    manufacturer: (line) => line.sccj,
    spec: (line) => line.ypgg || null,
    packingUnit: (line) => line.bzdw || null,
    image: (line) => imageOf(line.goods_image),
    unitRefund: (line) => line.unit_refund,
  },
  ReturnRequest: {
    id: (r) => String(r.id),
    orderId: (r) => String(r.order_id),
    orderSn: (r) => r.order_sn,
    goods: (r) => r.line,
    description: (r) => r.description || null,
    refund: (r) => r.refund_amount,
    batch: (r) =>
      r.batch === null
        ? null
        : {
            id: String(r.batch.batch_id),
            batchNo: r.batch.batch_no,
            producedOn: r.batch.produced_on,
            expiresOn: r.batch.expires_on,
          },
    status: (r) => fromUpstreamCode(STATUSES, r.status),
    statusText: (r) => r.status_text,
    createdAt: (r) => toDateTime(r.created_at),
    approvedAt: (r) => toOptionalDateTime(r.approved_at),
    refusedAt: (r) => toOptionalDateTime(r.refused_at),
    receivedAt: (r) => toOptionalDateTime(r.received_at),
    refundedAt: (r) => toOptionalDateTime(r.refunded_at),
  },
  ReturnGoods: {
    lineId: (line) => String(line.id),
    goodsId: (line) => String(line.goods_id),
    manufacturer: (line) => line.sccj,
    spec: (line) => line.ypgg || null,
    packingUnit: (line) => line.bzdw || null,
    image: (line) => imageOf(line.goods_image),
    bought: (line) => line.number,
  },
  ReturnPhoto: {
    id: (photo) => String(photo.id),
    // FILE-02: the gateway relays /files/{id} with the browser's own session; only the uploader is answered.
    url: (photo) => `/files/${photo.id}`,
  },
};
