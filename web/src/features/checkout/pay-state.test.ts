import { describe, expect, it } from 'vitest';
import { initialMethod, methodLabel, payActionOf, payButtonText, payView, type PayMethodState } from './pay-state';

const methods = (enabled: Partial<Record<PayMethodState['code'], boolean>> = {}): PayMethodState[] => [
  { code: 'BALANCE', name: '余额支付', enabled: enabled.BALANCE ?? true },
  { code: 'TRANSFER', name: '对公转账', enabled: enabled.TRANSFER ?? true },
  { code: 'WECHAT', name: '微信支付', enabled: enabled.WECHAT ?? false },
  { code: 'ALIPAY', name: '支付宝', enabled: enabled.ALIPAY ?? false },
];

describe('the pay page states (PAY-06)', () => {
  it('waits while a transfer slip is pending (待确认), whatever else is open', () => {
    expect(payView({ status: 'UNPAID', transfer: { status: 'PENDING' } })).toEqual({ kind: 'transfer-waiting' });
  });

  it('lets the buyer choose again after a rejected slip, with the platform’s reason', () => {
    expect(payView({ status: 'UNPAID', transfer: { status: 'REJECTED', rejectReason: '未查询到该笔转账' } })).toEqual({
      kind: 'choose',
      rejected: '未查询到该笔转账',
    });
    expect(payView({ status: 'UNPAID', transfer: null })).toEqual({ kind: 'choose', rejected: null });
  });

  it('has nothing to pay once the order is paid, even by a confirmed transfer', () => {
    expect(payView({ status: 'PAID', transfer: { status: 'CONFIRMED' } })).toEqual({ kind: 'settled' });
    expect(payView({ status: 'CANCELLED', transfer: null })).toEqual({ kind: 'settled' });
  });
});

describe('the methods (PAY-02, PAY-05)', () => {
  it('labels a closed online method 暂未开通 and the balance with what is available', () => {
    const balance = { code: 'BALANCE', name: '余额支付', enabled: true } as const;
    const wechat = { code: 'WECHAT', name: '微信支付', enabled: false } as const;
    expect(methodLabel(balance, '¥1,000.00')).toBe('余额支付（可用余额 ¥1,000.00）');
    expect(methodLabel({ code: 'TRANSFER', name: '对公转账', enabled: true }, '')).toBe('对公转账');
    expect(methodLabel(wechat, '')).toBe('微信支付（暂未开通）');
    expect(methodLabel({ ...wechat, enabled: true }, '')).toBe('微信支付');
  });

  it('starts on the first open method: the balance, else the transfer, else none', () => {
    expect(initialMethod(methods())).toBe('BALANCE');
    expect(initialMethod(methods({ BALANCE: false }))).toBe('TRANSFER');
    expect(initialMethod(methods({ BALANCE: false, TRANSFER: false }))).toBeNull();
  });

  it('sends each method to its action, with the button’s words', () => {
    expect(payActionOf('BALANCE')).toBe('balance');
    expect(payActionOf('TRANSFER')).toBe('transfer');
    expect(payActionOf('WECHAT')).toBe('online');
    expect(payActionOf('ALIPAY')).toBe('online');
    expect(payButtonText('transfer', false)).toBe('提交转账凭证');
    expect(payButtonText('online', false)).toBe('去支付');
    expect(payButtonText('balance', true)).toBe('正在支付…');
  });
});
