/**
 * TIME-05 in SQL: today in China as a `date`. Never `current_date`, which is the session's day: UTC's on most servers,
 * so the day before China's from 16:00 to 24:00 UTC.
 */
export const CHINA_TODAY = "(now() AT TIME ZONE 'Asia/Shanghai')::date";
