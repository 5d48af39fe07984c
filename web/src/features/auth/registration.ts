/**
 * The rules of the registration and password-reset forms, checked before anything is sent. They repeat the
 * upstream's rules and messages (spec 5 for the mobile number), so a buyer reads the same words either way; the
 * upstream stays the judge.
 */
import type { GatewayError } from '../../shared/error-policy';

const MOBILE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;
const USERNAME = /^[A-Za-z_][A-Za-z0-9_]{3,19}$/;

export const MOBILE_TEXT = '请输入正确的手机号';
export const USERNAME_TEXT = '用户名为4-20位字母、数字或下划线，且不以数字开头';
export const PASSWORD_TEXT = '密码为8-20位，需包含字母和数字';

/** Field name → the message shown under it; a field without an entry is fine. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** Characters as a buyer counts them: one per Chinese character, even outside the BMP. */
const lengthOf = (value: string): number => [...value.trim()].length;

export function isMobile(value: string): boolean {
  return MOBILE.test(value.trim());
}

export function checkPhone(phone: string): string | undefined {
  if (phone.trim() === '') return '请输入手机号';
  return isMobile(phone) ? undefined : MOBILE_TEXT;
}

export function checkCode(code: string): string | undefined {
  if (code.trim() === '') return '请输入验证码';
  return CODE.test(code.trim()) ? undefined : '验证码为6位数字';
}

export function checkUsername(username: string): string | undefined {
  if (username.trim() === '') return '请输入用户名';
  return USERNAME.test(username.trim()) ? undefined : USERNAME_TEXT;
}

export function checkPassword(password: string): string | undefined {
  if (password === '') return '请输入密码';
  const fits = password.length >= 8 && password.length <= 20 && /[A-Za-z]/.test(password) && /\d/.test(password);
  return fits ? undefined : PASSWORD_TEXT;
}

export function checkConfirm(password: string, confirm: string): string | undefined {
  if (confirm === '') return '请再次输入密码';
  return confirm === password ? undefined : '两次输入的密码不一致';
}

function checkLength(value: string, label: string, min: number, max: number): string | undefined {
  const length = lengthOf(value);
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

/** Password reset, step 1: the mobile number and its code. */
export function checkResetCode(form: { phone: string; code: string }): FormErrors<'phone' | 'code'> {
  return only({ phone: checkPhone(form.phone), code: checkCode(form.code) });
}

/** Password reset, step 2: the new password twice. */
export function checkNewPassword(form: { password: string; confirm: string }): FormErrors<'password' | 'confirm'> {
  return only({ password: checkPassword(form.password), confirm: checkConfirm(form.password, form.confirm) });
}

/**
 * The first message of each field a BAD_USER_INPUT names, for the form to show under its fields; null when the
 * errors hold none (the failure is something else).
 */
export function serverFieldErrors(errors: readonly GatewayError[]): Record<string, string> | null {
  const input = errors.find((error) => error.extensions?.['code'] === 'BAD_USER_INPUT');
  if (!input) return null;
  const found: Record<string, string> = {};
  const fields = input.extensions?.['fields'];
  if (fields && typeof fields === 'object') {
    for (const [name, messages] of Object.entries(fields)) {
      const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
      if (typeof first === 'string') found[name] = first;
    }
  }
  return found;
}

/** The upstream's business code of a BUSINESS_ERROR among `errors` (40031 wrong code...), when there is one. */
export function businessCodeOf(errors: readonly GatewayError[]): { code: number; message: string } | null {
  for (const error of errors) {
    const code = error.extensions?.['upstreamCode'];
    if (error.extensions?.['code'] === 'BUSINESS_ERROR' && typeof code === 'number')
      return { code, message: error.message };
  }
  return null;
}

/** Whole seconds until `until` (ms), never negative: the 获取验证码 button's countdown. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function sendCodeLabel(secondsLeft: number, sending: boolean): string {
  if (sending) return '发送中…';
  return secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码';
}
