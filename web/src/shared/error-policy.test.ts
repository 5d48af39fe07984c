import { Wording } from '@pharma/domain/wording';
import { describe, expect, it } from 'vitest';
import { BUSY_TEXT, businessCodeOf, reactionFor, reactionsFor, serverFieldErrors, TIMEOUT_TEXT } from './error-policy';

const failure = (code: string, message = '出错了', extra: Record<string, unknown> = {}) => ({
  message,
  extensions: { code, ...extra },
});

describe('what the buyer sees for each gateway error', () => {
  it('sends an unauthenticated buyer to the login page', () => {
    expect(reactionFor(failure('UNAUTHENTICATED'))).toEqual({ kind: 'login' });
  });
  it('shows a business answer in a dialog with the upstream message', () => {
    expect(reactionFor(failure('BUSINESS_ERROR', '库存不足'))).toEqual({ kind: 'dialog', text: '库存不足' });
  });
  it('toasts that the system is busy when the upstream is down', () => {
    expect(reactionFor(failure('UPSTREAM_UNAVAILABLE', 'ECONNREFUSED'))).toEqual({
      kind: 'toast',
      text: '系统繁忙，请稍候再试',
    });
  });
  it('offers a refresh on a time-out', () => {
    expect(reactionFor(failure('UPSTREAM_TIMEOUT'))).toEqual({ kind: 'timeout', text: '请求超时，请刷新页面' });
  });
  it('shows the first message of the first erroring field', () => {
    const error = failure('BAD_USER_INPUT', 'invalid', { fields: { number: ['数量至少为 1', '必须是整数'] } });
    expect(reactionFor(error)).toEqual({ kind: 'input', text: '数量至少为 1' });
  });
  it('shows the message and goes to /dzht when a contract is required', () => {
    expect(reactionFor(failure('CONTRACT_REQUIRED', '请先签署电子合同', { redirect: '/dzht' }))).toEqual({
      kind: 'contract',
      text: '请先签署电子合同',
      redirect: '/dzht',
    });
  });
  it('says what was too large or too frequent in the gateway’s own words', () => {
    const tooLarge = failure('PAYLOAD_TOO_LARGE', '提交的内容过大，不能超过100KB', { limitBytes: 102_400 });
    expect(reactionFor(tooLarge)).toEqual({ kind: 'toast', text: '提交的内容过大，不能超过100KB' });
    expect(reactionFor(failure('RATE_LIMITED', Wording.rateLimited, { retryAfter: 30 }))).toEqual({
      kind: 'toast',
      text: Wording.rateLimited,
    });
  });
  it('masks anything unclassified as busy', () => {
    expect(reactionFor({ message: 'Unexpected error.' })).toEqual({ kind: 'toast', text: '系统繁忙，请稍候再试' });
  });
  it('reacts once per kind and lets a login redirect win', () => {
    expect(reactionsFor([failure('UPSTREAM_UNAVAILABLE'), failure('UPSTREAM_UNAVAILABLE')])).toHaveLength(1);
    expect(reactionsFor([failure('BUSINESS_ERROR'), failure('UNAUTHENTICATED')])).toEqual([{ kind: 'login' }]);
  });
});

describe('errors from the gateway', () => {
  it('takes the first message of each field of a BAD_USER_INPUT', () => {
    const errors = [
      {
        message: '该用户名已被使用',
        extensions: {
          code: 'BAD_USER_INPUT',
          fields: { username: ['该用户名已被使用', 'x'], company: ['企业名称为2-50个字'] },
        },
      },
    ];
    expect(serverFieldErrors(errors)).toEqual({ username: '该用户名已被使用', company: '企业名称为2-50个字' });
    expect(serverFieldErrors([{ message: '系统繁忙', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }])).toBeNull();
  });

  it('finds the upstream code of a business error', () => {
    const errors = [{ message: '验证码错误或已过期', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40031 } }];
    expect(businessCodeOf(errors)).toEqual({ code: 40031, message: '验证码错误或已过期' });
    expect(businessCodeOf([{ message: 'x', extensions: { code: 'BAD_USER_INPUT' } }])).toBeNull();
  });
});

describe('the busy and timeout wording', () => {
  it('is the domain package’s (ERR-06, ERR-07)', () => {
    expect(BUSY_TEXT).toBe(Wording.busy);
    expect(TIMEOUT_TEXT).toBe(Wording.timeout);
  });
});
