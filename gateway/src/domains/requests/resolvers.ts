import { charCount } from '@pharma/domain/validation';
import type { FeedbackType, Resolvers, VarietyRequestStatus } from '../../generated/resolvers';
import { toDateTime, toOptionalDateTime } from '../../dates';
import { badUserInput, errorCodeOf, fromUpstreamCode, type FieldErrors } from '../../errors';
import { checkPaging } from '../../paging';
import {
  fetchFeedback,
  fetchVarietyRequest,
  fetchVarietyRequests,
  postFeedback,
  postVarietyRequest,
  type FeedbackForm,
  type UpstreamFeedbackType,
  type VarietyRequestForm,
} from './rest';

const STATUSES: Record<number, VarietyRequestStatus> = { 0: 'PENDING', 1: 'LISTED', 2: 'UNAVAILABLE' };

/** REQ-04: the feedback types and the upstream's words for them. */
const FEEDBACK_TYPES: Record<FeedbackType, UpstreamFeedbackType> = {
  GOODS: '商品问题',
  DELIVERY: '物流配送',
  AFTER_SALES: '售后服务',
  SITE: '网站建议',
  OTHER: '其他',
};
const TYPES_BY_TEXT = Object.fromEntries(
  Object.entries(FEEDBACK_TYPES).map(([type, text]) => [text, type as FeedbackType]),
) as Record<UpstreamFeedbackType, FeedbackType>;

/** REQ-04 as the gateway checks it before calling: a pasted novel never travels to the upstream. */
const MAX_CONTENT = 500;
const MAX_IMAGES = 4;

/** The upstream's form fields by the names of the inputs, so a form shows each message beside its own field. */
const REQUEST_FIELDS: Record<string, string> = {
  name: 'name',
  ypgg: 'spec',
  sccj: 'manufacturer',
  pzwh: 'approvalNumber',
  number: 'quantity',
  price: 'expectedPriceFen',
  remark: 'remark',
};
const FEEDBACK_FIELDS: Record<string, string> = {
  type: 'type',
  content: 'content',
  phone: 'phone',
  email: 'email',
  file_ids: 'imageIds',
};

/** Rethrows an upstream form error with the input's field names (file_ids.0 → imageIds); anything else as it is. */
function withInputFields(error: unknown, names: Record<string, string>): never {
  if (errorCodeOf(error) !== 'BAD_USER_INPUT') throw error;
  const { extensions, message } = error as { extensions: { fields?: FieldErrors }; message: string };
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(extensions.fields ?? {})) {
    const name = field.split('.')[0] ?? field;
    renamed[names[name] ?? name] = messages;
  }
  throw badUserInput(renamed, message);
}

/** An optional text field: left out when empty, so the upstream reads "not given". */
const optionalText = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
};

export const requestResolvers: Resolvers = {
  Query: {
    varietyRequests: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchVarietyRequests(upstream, { page, page_size: pageSize });
    },
    varietyRequest: (_parent, { id }, { upstream }) => fetchVarietyRequest(upstream, id),
    feedbackList: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchFeedback(upstream, { page, page_size: pageSize });
    },
  },
  Mutation: {
    createVarietyRequest: async (_parent, { input }, { upstream }) => {
      const approval = optionalText(input.approvalNumber);
      const remark = optionalText(input.remark);
      const form: VarietyRequestForm = {
        name: input.name.trim(),
        ypgg: input.spec.trim(),
        sccj: input.manufacturer.trim(),
        number: input.quantity,
        ...(approval === undefined ? {} : { pzwh: approval }),
        ...(input.expectedPriceFen == null ? {} : { price: input.expectedPriceFen }),
        ...(remark === undefined ? {} : { remark }),
      };
      try {
        return { varietyRequest: await postVarietyRequest(upstream, form) };
      } catch (error) {
        withInputFields(error, REQUEST_FIELDS);
      }
    },
    submitFeedback: async (_parent, { input }, { upstream }) => {
      const images = input.imageIds ?? [];
      const found: FieldErrors = {};
      if (charCount(input.content) > MAX_CONTENT) found['content'] = [`反馈内容最多${MAX_CONTENT}个字`];
      if (images.length > MAX_IMAGES) found['imageIds'] = [`最多上传${MAX_IMAGES}张图片`];
      if (Object.keys(found).length > 0) throw badUserInput(found);
      const phone = optionalText(input.phone);
      // VAL-03 is judged by the upstream, whose refusal is renamed onto `email` like every other field's.
      const email = optionalText(input.email);
      const form: FeedbackForm = {
        type: FEEDBACK_TYPES[input.type],
        content: input.content.trim(),
        ...(phone === undefined ? {} : { phone }),
        ...(email === undefined ? {} : { email }),
        ...(images.length > 0 ? { file_ids: images } : {}),
      };
      try {
        return { feedback: await postFeedback(upstream, form) };
      } catch (error) {
        withInputFields(error, FEEDBACK_FIELDS);
      }
    },
  },
  VarietyRequestPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  VarietyRequest: {
    id: (r) => String(r.id),
    spec: (r) => r.ypgg,
    manufacturer: (r) => r.sccj,
    approvalNumber: (r) => r.pzwh || null,
    quantity: (r) => r.number,
    expectedPrice: (r) => r.price,
    remark: (r) => r.remark || null,
    status: (r) => fromUpstreamCode(STATUSES, r.status),
    statusText: (r) => r.status_text,
    createdAt: (r) => toDateTime(r.created_at),
    answeredAt: (r) => toOptionalDateTime(r.answered_at),
  },
  VarietyRequestGoods: {
    id: (g) => String(g.id),
    manufacturer: (g) => g.sccj,
    spec: (g) => g.ypgg || null,
  },
  FeedbackPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  Feedback: {
    id: (f) => String(f.id),
    type: (f) => fromUpstreamCode(TYPES_BY_TEXT, f.type),
    typeText: (f) => f.type,
    phone: (f) => f.phone || null,
    repliedAt: (f) => toOptionalDateTime(f.replied_at),
    createdAt: (f) => toDateTime(f.created_at),
  },
  FeedbackImage: {
    id: (image) => String(image.id),
    // FILE-02: the gateway relays /files/{id} with the browser's own session; only the uploader is answered.
    url: (image) => `/files/${image.id}`,
  },
};
