/**
 * Due to reorder (补货提醒): the cadence a company buys a goods on, from the days it bought it, and whether the next
 * purchase is due (REORDER-02..REORDER-04). Days are China dates as YYYY-MM-DD (TIME-03); quantities whole units.
 */

/** REORDER-02: the fewest purchase days that make a cadence. */
export const MIN_PURCHASES = 3;
/** REORDER-04: how many days before it is due a goods is 即将到期 (due soon). */
export const DUE_SOON_DAYS = 3;

/** One day the company bought the goods, with the units bought that day. */
export interface Purchase {
  day: string;
  number: number;
}

export type ReorderState = 'due' | 'soon' | 'later';

export interface Cadence {
  /** Days it was bought on. */
  times: number;
  lastDay: string;
  /** The usual interval in days (at least 1). */
  intervalDays: number;
  /** The usual quantity (at least 1). */
  usualNumber: number;
  /** The day the next purchase falls due: the last day plus the interval. */
  dueDay: string;
  /** Days from today to the due day; 0 or less when due. */
  daysLeft: number;
  state: ReorderState;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The median of whole numbers; of an even count the mean of the middle two, rounded half up. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? 0;
  return Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

/**
 * REORDER-02..REORDER-04: the cadence of a goods from its purchases (one entry per day, any order), or null when it
 * was bought on fewer than MIN_PURCHASES days. The interval is the median of the gaps between consecutive days, the
 * quantity the median of the days' units; due when today is on or after the last day plus the interval, soon within
 * DUE_SOON_DAYS of it.
 */
export function cadence(purchases: readonly Purchase[], today: string): Cadence | null {
  const byDay = new Map<number, number>();
  for (const p of purchases) {
    const n = dayNumber(p.day);
    byDay.set(n, (byDay.get(n) ?? 0) + p.number);
  }
  if (byDay.size < MIN_PURCHASES) return null;
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const gaps = days.slice(1).map((d, i) => d - (days[i] ?? d));
  const intervalDays = Math.max(1, median(gaps));
  const last = days.at(-1) ?? 0;
  const due = last + intervalDays;
  const daysLeft = due - dayNumber(today);
  return {
    times: days.length,
    lastDay: dayOf(last),
    intervalDays,
    usualNumber: Math.max(1, median([...byDay.values()])),
    dueDay: dayOf(due),
    daysLeft,
    state: daysLeft <= 0 ? 'due' : daysLeft <= DUE_SOON_DAYS ? 'soon' : 'later',
  };
}
