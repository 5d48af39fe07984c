import { describe, expect, it } from 'vitest';
import { checkFields } from '../../shared/form/rules';
import { creditMonthProblem, creditStatementHref, repaymentRules, thisMonth, yuanToFen } from './credit-rules';

describe('the credit page’s rules (CREDIT-06, CREDIT-08)', () => {
  it('reads yuan to fen without floating point', () => {
    expect(yuanToFen('1234.5')).toBe(123_450);
    expect(yuanToFen(' 0.01 ')).toBe(1);
    expect(yuanToFen('12.345')).toBeUndefined();
    expect(yuanToFen('-1')).toBeUndefined();
  });

  it('refuses a repayment above what is owed, naming it, as the upstream does', () => {
    const rules = repaymentRules(12_000);
    expect(checkFields(rules, { amount: '120.01', payerName: '', remark: '' })).toEqual({
      amount: '还款金额不能超过待还金额 ¥120.00',
    });
    expect(checkFields(rules, { amount: '120', payerName: '康宁大药房', remark: '' })).toEqual({});
    expect(checkFields(repaymentRules(0), { amount: '1', payerName: '', remark: '' }).amount).toBe('当前没有待还款项');
  });

  it('addresses a month’s statement, this month by default in China time, never a future one', () => {
    const now = new Date('2026-11-30T17:00:00Z');
    expect(thisMonth(now)).toBe('2026-12');
    expect(creditStatementHref('2026-11', 'pdf')).toBe('/credit/statement-2026-11.pdf');
    expect(creditMonthProblem('2027-01', now)).toBe('不能选择未来的月份');
    expect(creditMonthProblem('2026-12', now)).toBeUndefined();
  });
});
