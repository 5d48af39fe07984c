import { describe, expect, it } from 'vitest';
import {
  creditBlock,
  initialMethod,
  methodLabel,
  needsPayPassword,
  payActionOf,
  payButtonText,
  payView,
  type PayMethodState,
} from './pay-state';

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

describe('账期支付 (CREDIT-03..CREDIT-05)', () => {
  const credit = (available: number, overdue = 0) => ({ available: { fen: available }, overdue: { fen: overdue } });

  it('is labelled with what is available, pays at once and asks for the payment password', () => {
    expect(methodLabel({ code: 'CREDIT', name: '账期支付', enabled: true }, '¥0.00', '¥37,655.00')).toBe(
      '账期支付（可用额度 ¥37,655.00）',
    );
    expect(payActionOf('CREDIT')).toBe('balance');
    expect(needsPayPassword('CREDIT')).toBe(true);
    expect(needsPayPassword('WECHAT')).toBe(false);
  });

  it('says before paying what blocks it: an overdue amount first, then an order over what is available', () => {
    expect(creditBlock(credit(10_000, 12_345), 100)).toBe('账期已逾期，请先还清逾期欠款 ¥123.45 后再使用账期支付');
    expect(creditBlock(credit(20_000), 20_001)).toBe('账期可用额度不足（可用 ¥200.00），请选择其他支付方式');
    expect(creditBlock(credit(20_000), 20_000)).toBeNull();
    expect(creditBlock(null, 1)).toBeNull();
  });
});
