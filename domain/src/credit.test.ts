import { describe, expect, it } from 'vitest';
import { creditOverdueText, creditStanding } from './credit';

const charge = (id: number, amount: number, dueDate: string, refunded = 0) => ({ id, amount, refunded, dueDate });

describe('creditStanding (CREDIT-02, CREDIT-05)', () => {
  it('used is charges less refunds less repayments; available is the limit less used', () => {
    const s = creditStanding(
      100_000,
      [charge(1, 30_000, '2026-06-10', 5_000), charge(2, 20_000, '2026-06-20')],
      10_000,
      '2026-06-01',
    );
    expect(s.used).toBe(35_000);
    expect(s.available).toBe(65_000);
    expect(s.overdue).toBe(0);
    expect(s.nextDueDate).toBe('2026-06-10');
    expect(s.nextDueAmount).toBe(15_000);
  });

  it('repayments go to the earliest due first; what is past due and unpaid is overdue', () => {
    const s = creditStanding(
      50_000,
      [charge(2, 20_000, '2026-06-20'), charge(1, 30_000, '2026-05-31')],
      25_000,
      '2026-06-15',
    );
    expect(s.outstanding.get(1)).toBe(5_000);
    expect(s.outstanding.get(2)).toBe(20_000);
    expect(s.overdue).toBe(5_000);
    expect(s.overdueSince).toBe('2026-05-31');
    expect(s.nextDueDate).toBe('2026-06-20');
  });

  it('is not overdue on its due date, only the day after', () => {
    expect(creditStanding(1, [charge(1, 100, '2026-06-15')], 0, '2026-06-15').overdue).toBe(0);
    expect(creditStanding(1, [charge(1, 100, '2026-06-15')], 0, '2026-06-16').overdue).toBe(100);
  });

  it('never shows more available than the limit, nor less than nothing', () => {
    expect(creditStanding(1_000, [charge(1, 5_000, '2026-06-15')], 0, '2026-06-01').available).toBe(0);
    expect(creditStanding(1_000, [charge(1, 500, '2026-06-15')], 900, '2026-06-01')).toMatchObject({
      used: 0,
      available: 1_000,
    });
  });

  it('names the amount to repay', () => {
    expect(creditOverdueText(123_45)).toContain('¥123.45');
  });
});
