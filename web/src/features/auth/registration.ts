/**
 * The registration and password-reset forms, checked before anything is sent with the rules the upstream applies
 * (VAL-01, VAL-05 to VAL-08 from @pharma/domain), so a buyer reads the same words either way; the upstream stays
 * the judge.
 */
import { isMobile, RuleText } from '@pharma/domain/validation';
import {
  checkFields,
  codeRule,
  confirmRule,
  lengthRule,
  mobileRule,
  passwordRule,
  usernameRule,
  type FieldRules,
} from '../../shared/form/rules';
import { businessCodeOf, serverFieldErrors, type GatewayError } from '../../shared/error-policy';

export { isMobile };
export const MOBILE_TEXT = RuleText.mobile;
export const USERNAME_TEXT = RuleText.username;
export const PASSWORD_TEXT = RuleText.password;

/** Field name → the message shown under it; a field without an entry is fine. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** VAL-01 as the 获取验证码 button checks the number before asking for a code. */
export const checkPhone = (phone: string): string | undefined => mobileRule(phone, undefined);

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

export const hasErrors = (errors: Partial<Record<string, string>>): boolean => Object.keys(errors).length > 0;

/** Registration step 1: the mobile number and its code, the login name and the password twice. */
export const ACCOUNT_RULES: FieldRules<AccountForm> = {
  phone: mobileRule,
  code: codeRule,
  username: usernameRule,
  password: passwordRule(),
  confirm: confirmRule<AccountForm>('password', '请再次输入密码', '两次输入的密码不一致'),
};

/** Registration step 2 (VAL-09): the company and its contact person. */
export const COMPANY_RULES: FieldRules<CompanyForm> = {
  company: lengthRule('企业名称', 2, 50),
  name: lengthRule('联系人姓名', 2, 20),
};

/** STORE-03: eight letters or digits, however the buyer spaced, hyphenated or cased them. */
export function checkInviteCode(code: string): string | undefined {
  const compact = code.replace(/[\s-]/g, '');
  if (compact === '') return '请输入邀请码';
  return /^[0-9A-Za-z]{8}$/.test(compact) ? undefined : '邀请码为8位字母或数字';
}

/** Store registration step 2: the invitation, the store's name and its contact person. */
export const STORE_RULES: FieldRules<StoreForm> = {
  invite: checkInviteCode,
  store: lengthRule('门店名称', 2, 20),
  name: lengthRule('联系人姓名', 2, 20),
};

/** Password reset, step 1: the mobile number and its code. */
export const RESET_CODE_RULES: FieldRules<{ phone: string; code: string }> = { phone: mobileRule, code: codeRule };

export interface NewPasswordForm {
  password: string;
  confirm: string;
}

/** Password reset, step 2: the new password twice. */
export const NEW_PASSWORD_RULES: FieldRules<NewPasswordForm> = {
  password: passwordRule(),
  confirm: confirmRule<NewPasswordForm>('password', '请再次输入密码', '两次输入的密码不一致'),
};

export const checkAccount = (form: AccountForm) => checkFields(ACCOUNT_RULES, form);
export const checkCompany = (form: CompanyForm) => checkFields(COMPANY_RULES, form);
export const checkStore = (form: StoreForm) => checkFields(STORE_RULES, form);
export const checkResetCode = (form: { phone: string; code: string }) => checkFields(RESET_CODE_RULES, form);
export const checkNewPassword = (form: NewPasswordForm) => checkFields(NEW_PASSWORD_RULES, form);

/** Whole seconds until `until` (ms), never negative: the 获取验证码 button's countdown. */
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
