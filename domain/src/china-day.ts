/**
 * TIME-05: days as buyers in China count them. A day (today, an expiry, a due date, an export's range) is the China
 * day whatever the server's, the device's or the database session's time zone.
 */

const CHINA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today (or the day of `now`) in China, as YYYY-MM-DD. */
export const chinaDay = (now: Date = new Date()) => CHINA_DAY.format(now).slice(0, 10);

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
