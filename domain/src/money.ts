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

/** Upstream money fields are integer fen; anything else (a float, a string) is treated as no amount. */
export function toFen(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}
