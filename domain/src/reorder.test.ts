import { describe, expect, it } from 'vitest';
import { cadence, median } from './reorder';

describe('median', () => {
  it('takes the middle value, or the rounded mean of the middle two', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 21, 40])).toBe(21);
    expect(median([7])).toBe(7);
  });
});

describe('cadence (REORDER-02..REORDER-04)', () => {
  const bought = (days: string[], numbers: number[] = []) => days.map((day, i) => ({ day, number: numbers[i] ?? 10 }));

  it('needs three purchase days; several orders of one day count as one, their units summed', () => {
    expect(cadence(bought(['2026-10-01', '2026-10-15']), '2026-11-20')).toBeNull();
    expect(cadence(bought(['2026-10-01', '2026-10-01', '2026-10-15']), '2026-11-20')).toBeNull();
    const c = cadence(bought(['2026-10-01', '2026-10-01', '2026-10-15', '2026-10-29'], [5, 5, 10, 30]), '2026-11-20');
    expect(c).toMatchObject({ times: 3, usualNumber: 10, intervalDays: 14 });
  });

  it('is due from the last purchase plus the median gap, soon within three days, later before that', () => {
    const days = ['2026-10-01', '2026-10-11', '2026-10-21', '2026-11-20'];
    // Gaps 10, 10, 30: the usual interval is 10 days, due on 11-30.
    expect(cadence(bought(days, [10, 20, 20, 50]), '2026-11-30')).toMatchObject({
      lastDay: '2026-11-20',
      intervalDays: 10,
      usualNumber: 20,
      dueDay: '2026-11-30',
      daysLeft: 0,
      state: 'due',
    });
    expect(cadence(bought(days), '2026-12-09')).toMatchObject({ daysLeft: -9, state: 'due' });
    expect(cadence(bought(days), '2026-11-27')).toMatchObject({ daysLeft: 3, state: 'soon' });
    expect(cadence(bought(days), '2026-11-26')).toMatchObject({ daysLeft: 4, state: 'later' });
  });

  it('reads the purchases in any order', () => {
    const c = cadence(bought(['2026-10-21', '2026-10-01', '2026-10-11']), '2026-10-25');
    expect(c).toMatchObject({ lastDay: '2026-10-21', dueDay: '2026-10-31', state: 'later' });
  });
});
