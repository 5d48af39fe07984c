import { unavailable } from './errors';

// The marketplace trades in China; a time the upstream writes without a zone is China Standard Time.
const CHINA_OFFSET = '+08:00';
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/;

/**
 * An upstream time as the `DateTime` scalar's ISO 8601 string. The REST API's times are ISO strings with a zone;
 * unix seconds (as `timestamp` elsewhere) and zone-less "2026-11-22 18:45:00" (the old API's style) are read too.
 * Anything else is a broken answer, not a time to guess.
 */
export function toDateTime(value: unknown): string {
  let date: Date | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value * 1000);
  else if (typeof value === 'string') {
    const local = LOCAL_DATE_TIME.exec(value.trim());
    date = new Date(local ? `${local[1]}T${local[2] ?? '00:00:00'}${CHINA_OFFSET}` : value);
  }
  if (date === undefined || Number.isNaN(date.getTime())) throw unavailable();
  return date.toISOString();
}

/** Like `toDateTime`, for times that are absent until something happens (paid at): null, undefined or "". */
export function toOptionalDateTime(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : toDateTime(value);
}
