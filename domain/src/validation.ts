/**
 * Field rules shared by the three tiers (docs/product.md, VAL-01..VAL-08). The upstream is the judge and refuses
 * with 422; the web checks the same rules before sending so the buyer reads the same words either way. Plain
 * predicates and messages, no schema library, so the web bundle pays a few hundred bytes for them; the upstream
 * wraps them in its zod schemas.
 */

/** VAL-01: a mainland mobile number, 11 digits: 1, then 3-9, then nine digits. */
const MOBILE = /^1[3-9]\d{9}$/;
/** VAL-02: a landline: 0 and a 2-3 digit area code, a hyphen, then 7-8 digits (020-12345678, 0755-1234567). */
const LANDLINE = /^0\d{2,3}-\d{7,8}$/;
/** VAL-03: letters, digits, underscore or hyphen before the @, then a domain with at least one dot. */
const EMAIL = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;
/** VAL-04: a record id as paths and forms carry it: a positive 32-bit integer in decimal digits, no leading 0. */
const RECORD_ID = /^[1-9]\d{0,9}$/;
const MAX_RECORD_ID = 2147483647;
/** VAL-05: a six-digit verification code. */
const VERIFICATION_CODE = /^\d{6}$/;
/** VAL-06: 4-20 letters, digits or underscores, not starting with a digit. */
const USERNAME = /^[A-Za-z_][A-Za-z0-9_]{3,19}$/;
/**
 * VAL-07: 8-20 printable ASCII characters without spaces, with a letter and a digit, so what the buyer typed is what
 * a keyboard on another device can type again.
 */
const PASSWORD = /^[\x21-\x7e]{8,20}$/;

export const RuleText = {
  mobile: '请输入正确的手机号',
  phone: '请输入正确的手机号码或固定电话（如 020-12345678）',
  email: '请输入正确的邮箱地址',
  code: '验证码为6位数字',
  username: '用户名为4-20位字母、数字或下划线，且不以数字开头',
  password: '密码为8-20位，需包含字母和数字',
  payPassword: '支付密码为6位数字，不能是相同或连续的数字',
} as const;

export function isMobile(value: string): boolean {
  return MOBILE.test(value.trim());
}

/** VAL-02: where a contact number is asked for, a mobile or a landline. */
export function isPhone(value: string): boolean {
  const trimmed = value.trim();
  return MOBILE.test(trimmed) || LANDLINE.test(trimmed);
}

/** VAL-03: the rule as the marketplace states it: no dots, plus signs or other marks before the @. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value) && Number(value) <= MAX_RECORD_ID;
}

/** A record id from a path, a form field or a JSON number; undefined when it is not one (VAL-04). */
export function parseRecordId(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= MAX_RECORD_ID ? value : undefined;
  return typeof value === 'string' && isRecordId(value) ? Number(value) : undefined;
}

export function isVerificationCode(value: string): boolean {
  return VERIFICATION_CODE.test(value.trim());
}

export function isUsername(value: string): boolean {
  return USERNAME.test(value.trim());
}

/** Passwords are never trimmed: a space the buyer typed is part of what they must type again. */
export function isPassword(value: string): boolean {
  return PASSWORD.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/**
 * VAL-11: a payment password is six digits, neither one digit six times (111111) nor a run up or down (123456,
 * 876543), the guesses tried first.
 */
export function isPayPassword(value: string): boolean {
  if (!/^\d{6}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - (digits[i] ?? 0)));
  return !(steps.size === 1 && [0, 1, -1].some((step) => steps.has(step)));
}

/** VAL-08: characters as a buyer counts them: one per Chinese character, even outside the BMP. */
export function charCount(value: string): number {
  return [...value.trim()].length;
}
