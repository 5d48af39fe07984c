/**
 * COMPARE-01: a goods' specification (规格) read as the units one pack holds and the word they are counted in, so
 * that packs of different sizes compare by the price of one unit (COMPARE-02). A specification that cannot be read
 * for certain gives none, and the goods then has no unit price: a wrong unit price is worse than none.
 */

/** The counting words a pack's units are named by; ml and g for liquids, creams and herbs sold by volume or weight. */
export const UNIT_WORDS = ['粒', '片', '袋', '支', '丸', '贴', '只', '包', '枚', 'ml', 'g'] as const;
export type UnitWord = (typeof UNIT_WORDS)[number];

export interface PackUnits {
  /** Units in one pack (the goods' selling unit, 盒, 瓶, 袋...). */
  units: number;
  word: UnitWord;
}

const COUNTED = /^(\d+)(粒|片|袋|支|丸|贴|只|包|枚)$/u;
/** Containers inside the pack that multiply the units: 12片*2板, 60粒*3瓶. */
const MULTIPLIER = /^(\d+)(板|瓶|盒|小盒|袋|包|排|管)$/u;
/** A volume or weight, with what it contains after a colon (100ml:2g is 100 ml holding 2 g). */
const MEASURE = /^(\d+(?:\.\d+)?)(ml|l|g|kg)(?::.*)?$/u;
const PERCENT = /^\d+(?:\.\d+)?%$/u;
const SCALE: Record<string, { factor: number; word: UnitWord }> = {
  ml: { factor: 1, word: 'ml' },
  l: { factor: 1000, word: 'ml' },
  g: { factor: 1, word: 'g' },
  kg: { factor: 1000, word: 'g' },
};

/** Full-width forms folded, notes in brackets dropped (无蔗糖, 浓缩丸), × read as *, spaces and case evened out. */
function tidy(spec: string): string {
  return spec
    .normalize('NFKC')
    .replace(/\([^)]*\)/gu, '')
    .replace(/[×xX](?=\d)/gu, '*')
    .replace(/\s+/gu, '')
    .replace(/(\d)(ML|Ml|mL)/gu, '$1ml')
    .replace(/(\d)(L|KG|Kg|G)(?=$|[*:/])/gu, (_m, d: string, u: string) => `${d}${u.toLowerCase()}`);
}

/** COMPARE-01: the units one pack of `spec` holds, or null when the specification does not say them for certain. */
export function packUnits(spec: string | null | undefined): PackUnits | null {
  if (spec === null || spec === undefined) return null;
  let text = tidy(spec);
  // 10袋/盒, 100片/瓶: the part before the slash is what the named pack holds.
  const slash = text.split('/');
  if (slash.length > 2) return null;
  text = slash[0] ?? '';
  // 85g+30g: two things in one pack, no one unit to count.
  if (text === '' || text.includes('+')) return null;
  const parts = text.split('*');
  const counted = parts.findIndex((p) => COUNTED.test(p));
  if (counted >= 0) {
    const [, n, word] = COUNTED.exec(parts[counted] ?? '') ?? [];
    let units = Number(n);
    for (const part of parts.slice(counted + 1)) {
      const m = MULTIPLIER.exec(part);
      if (m === null) return null;
      units *= Number(m[1]);
    }
    return units > 0 && Number.isSafeInteger(units) ? { units, word: word as UnitWord } : null;
  }
  // No counted part: a volume or weight, alone or after its strength (1%*10g, 75%*500ml, 100ml:2g).
  const last = parts[parts.length - 1] ?? '';
  if (!parts.slice(0, -1).every((p) => PERCENT.test(p))) return null;
  const m = MEASURE.exec(last);
  const scale = m === null ? undefined : SCALE[m[2] ?? ''];
  if (m === null || scale === undefined) return null;
  const units = Number(m[1]) * scale.factor;
  // 0.8ml or 2.5g is not a whole unit to price; a guess at one is not made.
  return units > 0 && Number.isSafeInteger(units) ? { units, word: scale.word } : null;
}

/** A price per unit in fen as an exact fraction: `fen` over `units` (Money is integer fen, MONEY-01). */
export interface UnitPrice {
  fen: number;
  units: number;
  word: UnitWord;
}

/** COMPARE-02: the price of one unit of a pack of `spec` at `priceFen`, or null when the spec has no units. */
export function unitPrice(priceFen: number, spec: string | null | undefined): UnitPrice | null {
  const pack = packUnits(spec);
  return pack === null ? null : { fen: priceFen, units: pack.units, word: pack.word };
}

/** Orders unit prices cheapest first, exactly (cross-multiplied, no floating point); none last. */
export function compareUnitPrices(a: UnitPrice | null, b: UnitPrice | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.fen * b.units - b.fen * a.units;
}

/**
 * COMPARE-02: a unit price as shown, ¥0.23/粒: Money is integer fen, display floors to two decimals, so a unit
 * price of 23.33 fen shows as ¥0.23 and one under a fen as ¥0.00.
 */
export function formatUnitPrice(price: UnitPrice): string {
  const fen = Math.floor(price.fen / price.units);
  const cents = fen % 100;
  return `¥${(fen - cents) / 100}.${cents < 10 ? '0' : ''}${cents}/${price.word}`;
}
