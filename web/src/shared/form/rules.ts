/**
 * The form layer's rules (ADR 0314): one rule per field, a function of the field's value (and the whole form, for a
 * confirmation) answering the message to show, or undefined when the value passes. The field rules below are
 * @pharma/domain's predicates with the upstream's own words (VAL-01..VAL-08), so a buyer reads the same message
 * whether the screen or the upstream refused; a form adds only what is its own (a label, a length).
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import {
  charCount,
  isMobile,
  isPassword,
  isPayPassword,
  isPhone,
  isUsername,
  isVerificationCode,
  RuleText,
} from '@pharma/domain/validation';

export type Rule<V, T> = (value: V, values: T) => string | undefined;

/** A form's rules: at most one per field; a field without one is not checked on the screen. */
export type FieldRules<T> = { [K in keyof T]?: Rule<T[K], T> };

/** The messages of the fields that fail their rule, by field; an empty object when every field passes. */
export function checkFields<T extends object>(rules: FieldRules<T>, values: T): Partial<Record<keyof T, string>> {
  const found: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const message = rules[key]?.(values[key], values);
    if (message !== undefined) found[key] = message;
  }
  return found;
}

/** react-hook-form's resolver over `rules`: each failing field gets its message, as type 'rule'. */
export function rulesResolver<T extends FieldValues>(rules: FieldRules<T>): Resolver<T> {
  return (values) => {
    const found = checkFields(rules, values);
    const keys = Object.keys(found);
    if (keys.length === 0) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const key of keys) errors[key] = { type: 'rule', message: String(found[key]) };
    // FieldErrors<T> is keyed by T's paths; these keys are T's own top-level fields.
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** Blank as the upstream reads it (trimmed): a required field answers `missing`. */
export const required =
  (missing: string): Rule<string, unknown> =>
  (value) =>
    value.trim() === '' ? missing : undefined;

/** VAL-01: a mainland mobile number. */
export const mobileRule: Rule<string, unknown> = (value) =>
  value.trim() === '' ? '请输入手机号' : isMobile(value) ? undefined : RuleText.mobile;

/** VAL-02: a contact phone, a mobile or a landline; `missing` when the form words its own blank. */
export const phoneRule =
  (missing?: string): Rule<string, unknown> =>
  (value) =>
    missing !== undefined && value.trim() === '' ? missing : isPhone(value) ? undefined : RuleText.phone;

/** VAL-05: the six-digit verification code. */
export const codeRule: Rule<string, unknown> = (value) =>
  value.trim() === '' ? '请输入验证码' : isVerificationCode(value) ? undefined : RuleText.code;

/** VAL-06: the login name. */
export const usernameRule: Rule<string, unknown> = (value) =>
  value.trim() === '' ? '请输入用户名' : isUsername(value) ? undefined : RuleText.username;

/** VAL-07: a new password, never trimmed. */
export const passwordRule =
  (missing = '请输入密码'): Rule<string, unknown> =>
  (value) =>
    value === '' ? missing : isPassword(value) ? undefined : RuleText.password;

/** VAL-11: a payment password, six digits, never trimmed. */
export const payPasswordRule: Rule<string, unknown> = (value) =>
  value === '' ? '请输入支付密码' : isPayPassword(value) ? undefined : RuleText.payPassword;

/** The second typing of a new password, against the form's `field`. */
export const confirmRule =
  <T>(field: keyof T, missing: string, differs: string): Rule<string, T> =>
  (value, values) =>
    value === '' ? missing : value === values[field] ? undefined : differs;

/** VAL-08: a length in characters as the buyer counts them, `label`为min-max个字. */
export const lengthRule =
  (label: string, min: number, max: number): Rule<string, unknown> =>
  (value) => {
    const length = charCount(value);
    if (length === 0) return `请输入${label}`;
    return length < min || length > max ? `${label}为${min}-${max}个字` : undefined;
  };
