/** A typed or stepped quantity kept between 1 and the stock (at least 1, so a sold-out stepper still reads 1). */
export function clampQuantity(value: number, stock: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, stock));
}
