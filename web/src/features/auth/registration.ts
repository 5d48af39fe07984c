/**
 * The registration and password-reset forms, checked before anything is sent with the rules the upstream applies
 * (VAL-01, VAL-05 to VAL-08 from @pharma/domain), so a buyer reads the same words either way; the upstream stays
 * the judge.
 */
import { charCount, isMobile, isPassword, isUsername, isVerificationCode, RuleText } from '@pharma/domain/validation';
import { businessCodeOf, serverFieldErrors, type GatewayError } from '../../shared/error-policy';

export { isMobile };
export const MOBILE_TEXT = RuleText.mobile;
export const USERNAME_TEXT = RuleText.username;
export const PASSWORD_TEXT = RuleText.password;

/** Field name → the message shown under it; a field without an entry is fine. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

export function checkPhone(phone: string): string | undefined {
  if (phone.trim() === '') return '请输入手机号';
  return isMobile(phone) ? undefined : MOBILE_TEXT;
}

export function checkCode(code: string): string | undefined {
  if (code.trim() === '') return '请输入验证码';
  return isVerificationCode(code) ? undefined : RuleText.code;
}

export function checkUsername(username: string): string | undefined {
  if (username.trim() === '') return '请输入用户名';
  return isUsername(username) ? undefined : USERNAME_TEXT;
}

export function checkPassword(password: string): string | undefined {
  if (password === '') return '请输入密码';
  return isPassword(password) ? undefined : PASSWORD_TEXT;
}

export function checkConfirm(password: string, confirm: string): string | undefined {
  if (confirm === '') return '请再次输入密码';
  return confirm === password ? undefined : '两次输入的密码不一致';
}

function checkLength(value: string, label: string, min: number, max: number): string | undefined {
  const length = charCount(value);
  if (length === 0) return `请输入${label}`;
  return length < min || length > max ? `${label}为${min}-${max}个字` : undefined;
}

export interface AccountForm {
  phone: string;
  code: string;
  username: string;
  password: string;
  confirm: string;
}

export interface CompanyForm {
  company: string;
  name: string;
}

/** The store step of /register_dd (STORE-03): the chain's invitation, the new store and its contact person. */
export interface StoreForm {
  invite: string;
  store: string;
  name: string;
}

/** Drops the fields that passed, so "no errors" is an empty object. */
function only<K extends string>(errors: Record<K, string | undefined>): FormErrors<K> {
  const found: FormErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (message !== undefined) found[key] = message;
  }
  return found;
}

export const hasErrors = (errors: Partial<Record<string, string>>): boolean => Object.keys(errors).length > 0;

/** Registration step 1: the mobile number and its code, the login name and the password twice. */
export function checkAccount(form: AccountForm): FormErrors<keyof AccountForm> {
  return only({
    phone: checkPhone(form.phone),
    code: checkCode(form.code),
    username: checkUsername(form.username),
    password: checkPassword(form.password),
    confirm: checkConfirm(form.password, form.confirm),
  });
}

/** Registration step 2: the company and its contact person. */
export function checkCompany(form: CompanyForm): FormErrors<keyof CompanyForm> {
  return only({
    company: checkLength(form.company, '企业名称', 2, 50),
    name: checkLength(form.name, '联系人姓名', 2, 20),
  });
}

/** STORE-03: eight letters or digits, however the buyer spaced, hyphenated or cased them. */
export function checkInviteCode(code: string): string | undefined {
  const compact = code.replace(/[\s-]/g, '');
  if (compact === '') return '请输入邀请码';
  return /^[0-9A-Za-z]{8}$/.test(compact) ? undefined : '邀请码为8位字母或数字';
}

/** Store registration step 2: the invitation, the store's name and its contact person. */
export function checkStore(form: StoreForm): FormErrors<keyof StoreForm> {
  return only({
    invite: checkInviteCode(form.invite),
    store: checkLength(form.store, '门店名称', 2, 20),
    name: checkLength(form.name, '联系人姓名', 2, 20),
  });
}

/** Password reset, step 1: the mobile number and its code. */
export function checkResetCode(form: { phone: string; code: string }): FormErrors<'phone' | 'code'> {
  return only({ phone: checkPhone(form.phone), code: checkCode(form.code) });
}

/** Password reset, step 2: the new password twice. */
export function checkNewPassword(form: { password: string; confirm: string }): FormErrors<'password' | 'confirm'> {
  return only({ password: checkPassword(form.password), confirm: checkConfirm(form.password, form.confirm) });
}

/** Whole seconds until `until` (ms), never negative: the 获取验证码 button's countdown. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function sendCodeLabel(secondsLeft: number, sending: boolean): string {
  if (sending) return '发送中…';
  return secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码';
}

/**
 * Where a refused submit's messages belong: `back` (to the first step) when a refusal of `refusals` or a form error
 * names one of `firstStepFields`, otherwise `here` with the form errors by field; null when the failure is not the
 * form's (the error link shows it).
 */
export function placeSubmitErrors<F extends string>(
  errors: readonly GatewayError[],
  refusals: Readonly<Record<number, F>>,
  firstStepFields: readonly F[],
): { back: FormErrors<F> } | { here: Record<string, string> } | null {
  const refusal = businessCodeOf(errors);
  const refusedField = refusal ? refusals[refusal.code] : undefined;
  if (refusal && refusedField) {
    const back: FormErrors<F> = {};
    back[refusedField] = refusal.message;
    return { back };
  }
  const fields = serverFieldErrors(errors);
  if (!fields) return null;
  const back: FormErrors<F> = {};
  for (const field of firstStepFields) if (fields[field]) back[field] = fields[field];
  return hasErrors(back) ? { back } : { here: fields };
}
