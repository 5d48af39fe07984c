/**
 * One rule for the text and dates buyers send (docs/product.md VAL-20..VAL-26, ADR 0215). The gateway applies it to
 * every string argument before any upstream call; the upstream applies it to every body and query it reads, since
 * other clients call it too. Pure, loop-based scans: a 60 KB value is read once, never by a backtracking pattern.
 */

/** Why a text was refused; `undefined` from the checks means it is acceptable. */
export type TextProblem = 'control' | 'surrogate' | 'bidi' | 'tooLong' | 'empty';
export type DateProblem = 'format' | 'calendar' | 'range';

export interface TextRule {
  /** VAL-21: tab and line breaks are allowed only where the buyer may write several lines (remarks, lists). */
  multiline?: boolean;
  /** VAL-22: the most characters, as a buyer counts them (VAL-08); unset, no limit is applied here. */
  max?: number;
  /** VAL-23: the text must say something once zero-width and space characters are removed. */
  required?: boolean;
}

/** VAL-25: the calendar days a date may name; outside is a typing slip (0000-01-01, 20266-01-01), never data. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2099-12-31';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

const isZeroWidth = (c: number) => (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff;

/** White space as String.prototype.trim knows it (ASCII, NBSP, U+3000 ideographic space and the rest of Zs). */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

const isInvisible = (c: number) => isSpace(c) || isZeroWidth(c);

/**
 * The first character VAL-20/VAL-21 refuse: C0 controls (tab, LF and CR only in multi-line text), DEL and C1
 * controls, an unpaired surrogate (a broken character PostgreSQL and JSON encoders choke on), or a bidi override or
 * isolate (U+202A-202E, U+2066-2069), which makes text read differently from what is stored ("Trojan Source").
 */
export function unsafeCharacter(
  value: string,
  multiline = false,
): Exclude<TextProblem, 'tooLong' | 'empty'> | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === TAB || c === LF || c === CR)) continue;
      return 'control';
    }
    if (c < 0x7f) continue;
    if (c <= 0x9f) return 'control';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'surrogate';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'surrogate';
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return 'bidi';
  }
  return undefined;
}

/** VAL-23: nothing but spaces (of any width, U+3000 included) and zero-width characters, or nothing at all. */
export function isBlank(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (!isInvisible(value.charCodeAt(i))) return false;
  return true;
}

/**
 * VAL-23: the text as it is stored: spaces and zero-width characters removed from both ends, so a blank text is ''.
 * Characters inside are kept: a zero-width joiner between two characters may be part of what the buyer wrote.
 */
export function cleanText(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isInvisible(value.charCodeAt(start))) start++;
  while (end > start && isInvisible(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** VAL-08: characters as a buyer counts them (a character outside the BMP is one), without building an array. */
export function codePointCount(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * VAL-20..VAL-23 in one call: the first problem of `value` under `rule`, or undefined. The length is counted on the
 * cleaned text, as VAL-08 counts trimmed text: spaces pasted around a name never make it too long (the body limit
 * bounds what a request may carry at all).
 */
export function textProblem(value: string, rule: TextRule = {}): TextProblem | undefined {
  const unsafe = unsafeCharacter(value, rule.multiline ?? false);
  if (unsafe !== undefined) return unsafe;
  if (rule.required === true && isBlank(value)) return 'empty';
  // UTF-16 units are never fewer than characters: only a value longer in units can be too long.
  if (rule.max !== undefined && value.length > rule.max && codePointCount(cleanText(value)) > rule.max)
    return 'tooLong';
  return undefined;
}

/** The Chinese message for a refused text, naming the field by `label` (a form's words, or the field's name). */
export function textMessage(problem: TextProblem, label: string, max?: number): string {
  switch (problem) {
    case 'control':
      return `${label}含有不允许的控制字符`;
    case 'surrogate':
      return `${label}含有无法识别的字符`;
    case 'bidi':
      return `${label}含有不允许的文字方向控制字符`;
    case 'tooLong':
      return `${label}最多${max ?? 0}个字`;
    case 'empty':
      return `请填写${label}`;
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * VAL-24/VAL-25: a calendar day written YYYY-MM-DD, checked by the calendar itself rather than by `Date.parse`, which
 * rolls 2026-02-30 over into March; within FIRST_DAY..LAST_DAY. Leading and trailing spaces are the caller's to trim.
 */
export function dateProblem(value: string): DateProblem | undefined {
  const match = DAY.exec(value);
  if (match === null) return 'format';
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return 'calendar';
  const days = month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
  if (day > days) return 'calendar';
  // Zero-padded YYYY-MM-DD strings order as the days they name.
  if (value < FIRST_DAY || value > LAST_DAY) return 'range';
  return undefined;
}

export const isCalendarDate = (value: string): boolean => dateProblem(value) === undefined;

export function dateMessage(problem: DateProblem, label: string): string {
  switch (problem) {
    case 'format':
      return `${label}格式应为YYYY-MM-DD`;
    case 'calendar':
      return `${label}不是有效的日期`;
    case 'range':
      return `${label}应在${FIRST_DAY}至${LAST_DAY}之间`;
  }
}

/** ERR-20: a body or upload over its limit, with the limit in the unit a buyer reads (KB below 1 MB, else MB). */
export function payloadTooLargeText(limitBytes: number): string {
  const MB = 1024 * 1024;
  const size =
    limitBytes >= MB
      ? `${Math.floor((limitBytes / MB) * 10) / 10}MB`
      : `${Math.max(1, Math.floor(limitBytes / 1024))}KB`;
  return `提交的内容过大，不能超过${size}`;
}
