import { charCount, isEmail, isMobile, RuleText } from '@pharma/domain/validation';
import type { FeedbackType, VarietyRequestStatus } from '../../gql/graphql';
import { checkFields, type FieldRules, type Rule } from '../../shared/form/rules';

/** The variety request form's fields, as the form keeps them (text, exactly as typed). */
export interface VarietyRequestValues {
  name: string;
  spec: string;
  manufacturer: string;
  approvalNumber: string;
  quantity: string;
  expectedPrice: string;
  remark: string;
}

export type VarietyRequestField = keyof VarietyRequestValues;

/** What the form sends once every field passed. */
export interface VarietyRequestSubmission {
  name: string;
  spec: string;
  manufacturer: string;
  approvalNumber: string | null;
  quantity: number;
  expectedPriceFen: number | null;
  remark: string | null;
}

/** The largest expected price, 100万元, in fen (the upstream's limit). */
const MAX_PRICE_FEN = 100_000_000;

/**
 * REQ-01: a price typed in yuan ("28.5", "28.50", "1200") as integer fen, by its digits: never through a float.
 * Answers null for an empty field and undefined for anything that is not an amount of at most two decimals.
 */
export function yuanToFen(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, whole = '0', cents = ''] = match;
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** REQ-01: a text field's rule: `请填写{label}` when required and blank, at most `max` characters as typed. */
const textRule =
  (label: string, max: number, required: boolean): Rule<string, unknown> =>
  (value) => {
    const trimmed = value.trim();
    if (required && trimmed === '') return `请填写${label}`;
    if (charCount(trimmed) > max) return `${label}最多${max}个字`;
    return undefined;
  };

/** REQ-01: the quantity, a whole number from 1 to 1000000 typed in digits, or undefined. */
function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  const quantity = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : NaN;
  return quantity >= 1 && quantity <= 1_000_000 ? quantity : undefined;
}

/**
 * REQ-01 as the screen checks it before sending, in the upstream's words (the upstream judges again): the form
 * layer's rules (ADR 0314), one per field.
 */
export const VARIETY_RULES: FieldRules<VarietyRequestValues> = {
  name: textRule('品种名称', 50, true),
  spec: textRule('规格', 50, true),
  manufacturer: textRule('生产厂家', 50, true),
  approvalNumber: textRule('批准文号', 50, false),
  quantity: (value) => (quantityOf(value) === undefined ? '求购数量必须是1到1000000之间的整数' : undefined),
  expectedPrice: (value) => {
    const price = yuanToFen(value);
    return price === undefined || price === 0 || (price !== null && price > MAX_PRICE_FEN)
      ? '期望价格请填写0.01到1000000元之间的金额，最多两位小数'
      : undefined;
  },
  remark: textRule('备注', 200, false),
};

/** The gateway's field names (the input's) that differ from the form's: the price, typed in yuan, is sent in fen. */
export const VARIETY_RENAME = { expectedPriceFen: 'expectedPrice' } as const;

/** REQ-01: the errors by field, or the values to send once every field passed. */
export function checkVarietyRequest(
  values: VarietyRequestValues,
): { errors: Partial<Record<VarietyRequestField, string>> } | { submission: VarietyRequestSubmission } {
  const errors = checkFields(VARIETY_RULES, values);
  const quantity = quantityOf(values.quantity);
  const price = yuanToFen(values.expectedPrice);
  if (Object.keys(errors).length > 0 || quantity === undefined || price === undefined) return { errors };
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    submission: {
      name: values.name.trim(),
      spec: values.spec.trim(),
      manufacturer: values.manufacturer.trim(),
      approvalNumber: optional(values.approvalNumber),
      quantity,
      expectedPriceFen: price,
      remark: optional(values.remark),
    },
  };
}

/** REQ-04: feedback is 5 to 500 characters as a buyer counts them. */
export const FEEDBACK_MIN = 5;
export const FEEDBACK_MAX = 500;
/** REQ-04: at most this many pictures go with one feedback. */
export const FEEDBACK_MAX_IMAGES = 4;

export const FEEDBACK_TYPES: readonly { value: FeedbackType; label: string }[] = [
  { value: 'GOODS', label: '商品问题' },
  { value: 'DELIVERY', label: '物流配送' },
  { value: 'AFTER_SALES', label: '售后服务' },
  { value: 'SITE', label: '网站建议' },
  { value: 'OTHER', label: '其他' },
];

export type FeedbackField = 'type' | 'content' | 'phone' | 'email' | 'imageIds';

/** The feedback form's fields as the form keeps them: the type's value ('' until one is chosen) and text as typed. */
export interface FeedbackValues {
  type: FeedbackType | '';
  content: string;
  phone: string;
  email: string;
}

/**
 * REQ-04 as the screen checks it before sending, in the upstream's words (the upstream judges again). The contact
 * phone (VAL-01) and email (VAL-03) are optional: only what is typed is checked.
 */
export const FEEDBACK_RULES: FieldRules<FeedbackValues> = {
  type: (value) => (value === '' ? '请选择反馈类型' : undefined),
  content: (value) => {
    const length = charCount(value);
    if (length === 0) return '请填写反馈内容';
    if (length < FEEDBACK_MIN) return `反馈内容至少${FEEDBACK_MIN}个字`;
    if (length > FEEDBACK_MAX) return `反馈内容最多${FEEDBACK_MAX}个字`;
    return undefined;
  },
  phone: (value) => (value.trim() !== '' && !isMobile(value) ? RuleText.mobile : undefined),
  email: (value) => (value.trim() !== '' && !isEmail(value) ? RuleText.email : undefined),
};

/** The messages of the feedback's fields that fail REQ-04, by field. */
export const checkFeedback = (values: FeedbackValues) => checkFields(FEEDBACK_RULES, values);

/** The badge colour of a request's status: pending is the one the buyer waits on. */
export const STATUS_COLOR: Record<VarietyRequestStatus, 'warning' | 'success' | 'subtle'> = {
  PENDING: 'warning',
  LISTED: 'success',
  UNAVAILABLE: 'subtle',
};

/** /pzqg/info?id=… (the spec's zzfw_ppzq_info), the detail of one request. */
export const varietyRequestPath = (id: string) => `/pzqg/info?id=${encodeURIComponent(id)}`;
