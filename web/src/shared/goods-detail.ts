/**
 * The goods detail address (CATALOG-07: /list/info/{id} and /list/info-pt/{id}) and what its query says about the
 * price the buyer was shown, which the cart must receive with the line so it prices the same entry.
 */
export function goodsDetailPath(id: string): string {
  return `/list/info/${encodeURIComponent(id)}`;
}

export interface DetailCartExtras {
  goodsPriceId?: string;
  ladderPriceId?: string;
  goodsManjianId?: string;
  isYj?: boolean;
}

/** An id from the address: digits and letters only; "0", blanks and anything else mean "not given". */
function readId(value: string | null): string | undefined {
  const id = value?.trim();
  return id && id !== '0' && /^[\w-]{1,64}$/.test(id) ? id : undefined;
}

/** Old links write flags as 1/0; "true" is accepted too. */
function readFlag(value: string | null): boolean | undefined {
  const flag = value?.trim().toLowerCase();
  if (flag === '1' || flag === 'true') return true;
  return undefined;
}

/**
 * The CartLineInput fields carried by a detail link's query (goods_price_id, ladder_price_id, goods_manjian_id,
 * is_yj). `is_jxq` is read by `isNearExpiryLink` only: the cart input has no field for it.
 */
export function detailCartExtras(params: URLSearchParams): DetailCartExtras {
  const extras: DetailCartExtras = {};
  const goodsPriceId = readId(params.get('goods_price_id'));
  const ladderPriceId = readId(params.get('ladder_price_id'));
  const goodsManjianId = readId(params.get('goods_manjian_id'));
  const isYj = readFlag(params.get('is_yj'));
  if (goodsPriceId) extras.goodsPriceId = goodsPriceId;
  if (ladderPriceId) extras.ladderPriceId = ladderPriceId;
  if (goodsManjianId) extras.goodsManjianId = goodsManjianId;
  if (isYj) extras.isYj = true;
  return extras;
}

/** True when the link came from the near-expiry zone (is_jxq=1): the page says so beside the price. */
export function isNearExpiryLink(params: URLSearchParams): boolean {
  return readFlag(params.get('is_jxq')) === true;
}

export type LadderReading = 'UPPER_BOUND' | 'MINIMUM_QUANTITY';

/**
 * CATALOG-04: each ladder tier's quantities as buyers read them, as ranges in the goods' unit. Upper bounds start at
 * 1 and after the previous bound (1-4盒, 5-49盒); minimum quantities run up to the next tier (10-49盒). The last tier
 * holds for every larger quantity (CART-06), so it reads "50盒及以上" whatever number closes it in the data.
 */
export function ladderQuantityLabels(type: LadderReading, numbers: readonly number[], unit: string): string[] {
  return numbers.map((number, i) => {
    const from = type === 'UPPER_BOUND' ? (i === 0 ? 1 : (numbers[i - 1] ?? 0) + 1) : number;
    const next = numbers[i + 1];
    if (next === undefined) return `${from}${unit}及以上`;
    const to = type === 'UPPER_BOUND' ? number : next - 1;
    return from >= to ? `${from}${unit}` : `${from}-${to}${unit}`;
  });
}
