import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { checkFields, confirmRule, lengthRule, mobileRule, phoneRule, rulesResolver, type FieldRules } from './rules';
import { asFieldErrors, SERVER_ERROR, setServerErrors, showMessages } from './server-errors';

interface Signup {
  phone: string;
  company: string;
  password: string;
  confirm: string;
}

const RULES: FieldRules<Signup> = {
  phone: mobileRule,
  company: lengthRule('企业名称', 2, 50),
  confirm: confirmRule<Signup>('password', '请再次输入密码', '两次输入的密码不一致'),
};
const GOOD: Signup = { phone: '13712345678', company: '康宁大药房', password: 'pass1234', confirm: 'pass1234' };
const options: ResolverOptions<Signup> = { fields: {}, shouldUseNativeValidation: false };

describe('the form layer’s rules (ADR 0314)', () => {
  it('answers each failing field’s message in the upstream’s words, and nothing for a field without a rule', () => {
    expect(checkFields(RULES, GOOD)).toEqual({});
    expect(checkFields(RULES, { ...GOOD, phone: '12345', company: '药', password: '', confirm: 'x' })).toEqual({
      phone: '请输入正确的手机号',
      company: '企业名称为2-50个字',
      confirm: '两次输入的密码不一致',
    });
  });

  it('gives react-hook-form the values when every rule passes, and only errors when one fails', async () => {
    const resolve = rulesResolver(RULES);
    expect(await resolve(GOOD, undefined, options)).toEqual({ values: GOOD, errors: {} });
    expect(await resolve({ ...GOOD, phone: '' }, undefined, options)).toEqual({
      values: {},
      errors: { phone: { type: 'rule', message: '请输入手机号' } },
    });
  });

  it('words a contact phone as VAL-02 does, with the form’s own word for a blank', () => {
    expect(phoneRule('请填写联系电话')(' ', undefined)).toBe('请填写联系电话');
    expect(phoneRule()('0571-88776655', undefined)).toBeUndefined();
    expect(phoneRule()('', undefined)).toMatch(/固定电话/);
  });
});

/** A stand-in for react-hook-form's setError and clearErrors that records what the form would show. */
function recorder<T extends FieldValues>() {
  const shown = new Map<string, { type: string; message: string }>();
  const focused: string[] = [];
  return {
    shown: () => Object.fromEntries(shown),
    focused,
    setError: ((name: string, error: { type?: string; message?: string }, setOptions?: { shouldFocus?: boolean }) => {
      shown.set(name, { type: error.type ?? '', message: error.message ?? '' });
      if (setOptions?.shouldFocus) focused.push(name);
    }) as Parameters<typeof setServerErrors<T>>[1],
    clearErrors: (name?: string | readonly string[]) => {
      for (const field of typeof name === 'string' ? [name] : (name ?? [])) shown.delete(field);
    },
  };
}

const badInput = (fields: Record<string, string[]>) =>
  new CombinedGraphQLErrors({
    data: null,
    errors: [{ message: '输入有误', extensions: { code: 'BAD_USER_INPUT', fields } }],
  });

describe('the upstream’s field errors on the form’s fields (ERR-03)', () => {
  it('puts each field’s first message on that field, focusing the first', () => {
    const form = recorder<Signup>();
    const placed = setServerErrors(
      badInput({ phone: ['该手机号已注册', '另一条'], inviteCode: ['邀请码已过期'] }),
      form.setError,
      ['phone', 'company'],
      { rename: { inviteCode: 'company' } },
    );
    expect(placed).toBe(true);
    expect(form.shown()).toEqual({
      phone: { type: SERVER_ERROR, message: '该手机号已注册' },
      company: { type: SERVER_ERROR, message: '邀请码已过期' },
    });
    expect(form.focused).toEqual(['phone']);
  });

  it('sends a message for a field the form does not show to the fallback, and leaves other failures alone', () => {
    const form = recorder<Signup>();
    expect(
      setServerErrors(badInput({ code: ['验证码错误'] }), form.setError, ['password'], { fallback: 'password' }),
    ).toBe(true);
    expect(form.shown()['password']?.message).toBe('验证码错误');
    // A refusal naming no field (a wrong password at login) lands on the fallback in its own words.
    const login = recorder<Signup>();
    expect(setServerErrors(badInput({}), login.setError, ['phone'], { fallback: 'password' })).toBe(true);
    expect(login.shown()).toEqual({ password: { type: SERVER_ERROR, message: '输入有误' } });
    const busy = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: '系统繁忙', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
    });
    expect(setServerErrors(busy, form.setError, ['password'])).toBe(false);
    expect(setServerErrors(new Error('offline'), form.setError, ['password'])).toBe(false);
  });

  it('replaces the messages of a set of fields at once, and keeps a flow’s messages for the next form', () => {
    const form = recorder<Signup>();
    showMessages(form, ['phone', 'company'], { phone: '请输入正确的手机号' });
    showMessages(form, ['phone', 'company'], { company: '企业名称为2-50个字' });
    expect(form.shown()).toEqual({ company: { type: SERVER_ERROR, message: '企业名称为2-50个字' } });
    expect(asFieldErrors({ username: '该用户名已被使用', code: undefined })).toEqual({
      username: { type: SERVER_ERROR, message: '该用户名已被使用' },
    });
  });
});
