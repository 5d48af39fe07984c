/**
 * INVOICE-05: an amount in Chinese financial capitals (大写金额) as invoices and cheques write it, from integer fen,
 * so no floating point ever touches the figure that the capitals must match.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;
const SECTIONS = ['', '万', '亿', '万亿'] as const;

const digit = (n: number): string => DIGITS[n] ?? '';

/** One group of four digits (0..9999); zeros inside collapse to one 零, zeros at the end are not written. */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += digit(d) + PLACES[place];
  }
  return out;
}

function wholeYuan(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  let out = '';
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (g === 0) {
      pendingZero = out !== '';
      continue;
    }
    // A group below a thousand after a higher one reads with 零 (壹万零伍佰), as does one after empty groups.
    if (out !== '' && (pendingZero || g < 1000)) out += '零';
    pendingZero = false;
    out += group(g) + SECTIONS[i];
  }
  return out;
}

/**
 * INVOICE-05: 12345 fen reads 壹佰贰拾叁圆肆角伍分, 100000 fen 壹仟圆整, 100005 fen 壹仟圆零伍分, 50 fen 伍角;
 * zero is 零圆整. Only whole, non-negative fen below 10^16 are amounts.
 */
export function capitalAmount(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError('an amount in capitals needs whole, non-negative fen');
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零圆整';
  let out = yuan > 0 ? `${wholeYuan(yuan)}圆` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${digit(jiao)}角`;
  else if (yuan > 0) out += '零';
  if (cents > 0) out += `${digit(cents)}分`;
  return out;
}
