/**
 * Money arrives as integer fen (`Money.fen`) and as the floored yuan string (`Money.amount`, "12.50").
 * The display works on the string's digits so that no floating-point value ever holds money.
 */
const moneyPattern = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Floors a decimal yuan string to two decimals without floating point: "12.509" -> "12.50", "3" -> "3.00". */
export function floorAmount(amount: string): string {
  const match = moneyPattern.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = `${fraction}00`.slice(0, 2);
  const truncated = fraction.slice(2);
  // Floor means towards minus infinity: a negative amount with dropped digits goes one fen further down.
  if (sign === '-' && /[1-9]/.test(truncated)) {
    return fenToAmount(-(BigInt(whole) * 100n + BigInt(cents) + 1n));
  }
  return `${sign}${BigInt(whole).toString()}.${cents}`;
}

/** Integer fen to a yuan string with two decimals: 1250 -> "12.50". */
export function fenToAmount(fen: number | bigint): string {
  const value = BigInt(fen);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const grouping = new Intl.NumberFormat('zh-CN', { useGrouping: true, maximumFractionDigits: 0 });

/** The price as buyers read it: "¥1,234.50", floored to the fen. */
export function formatPrice(money: { amount: string }): string {
  const floored = floorAmount(money.amount);
  const negative = floored.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? floored.slice(1) : floored).split('.');
  // Intl groups the whole yuan (a BigInt, so exact at any size); the cents are appended as digits.
  return `${negative ? '-' : ''}¥${grouping.format(BigInt(whole))}.${cents}`;
}
