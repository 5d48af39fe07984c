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

/** A ladder tier's quantity as buyers read it: "≤10" for an upper bound, "≥10" for a minimum quantity. */
export function ladderQuantityLabel(type: LadderReading, number: number): string {
  return `${type === 'UPPER_BOUND' ? '≤' : '≥'}${number}`;
}
