import { describe, expect, it } from 'vitest';
import { secondsUntil, sendCodeLabel } from './send-code';

describe('the 获取验证码 button', () => {
  it('counts whole seconds down to the moment another code may be asked for', () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 90_000)).toBe(0);
  });

  it('says what it offers', () => {
    expect(sendCodeLabel(0, false)).toBe('获取验证码');
    expect(sendCodeLabel(42, false)).toBe('42秒后重新获取');
    expect(sendCodeLabel(0, true)).toBe('发送中…');
  });
});
