import { describe, expect, it } from 'vitest';
import { addDays, chinaDay } from './china-day';

describe('China days (TIME-05)', () => {
  it("is China's day from 16:00 UTC, the day before UTC's until then", () => {
    expect(chinaDay(new Date('2026-06-30T15:59:59Z'))).toBe('2026-06-30');
    expect(chinaDay(new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01');
    expect(chinaDay(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });

  it('counts days across months, years and a leap day', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
