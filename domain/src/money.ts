/**
 * Yuan with exactly two decimals from integer fen. Works on integers only, so the "floor to two decimals" of
 * MONEY-02 is exact: there is never a fraction of a fen to round.
 */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError('money must be a whole number of fen');
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const cents = abs % 100;
  return `${sign}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/** Yuan as people write them in promotion labels: "300" for 30000 fen, "299.50" otherwise. */
export function formatFenShort(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : formatFen(fen);
}

/**
 * An amount field as integer fen (MONEY-03). An absent optional amount (null or undefined: no ladder price, no
 * shipping threshold) is none, 0; anything else that is not a whole number of fen (a float, a string) is malformed
 * and throws, so a bad row or answer is never priced as free.
 */
export function toFen(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new RangeError(`money must be a whole number of fen, got ${typeof value === 'number' ? value : typeof value}`);
}
