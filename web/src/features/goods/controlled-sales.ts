/**
 * Addresses of the controlled-sales series (CATALOG-08: /kxzq/goods/{url}/{ads?}). {url} is the series' id; {ads} the
 * ids of the advertisements its page shows on top, joined by commas.
 */

/** The most advertisements a series' page asks for (the gateway refuses more). */
export const MAX_SERIES_ADS = 20;

const ID = /^[1-9]\d{0,9}$/;

/** True for an id the marketplace could know: a hand-edited address with anything else names nothing. */
export const isSeriesId = (value: string | undefined): value is string => value !== undefined && ID.test(value);

/** The page of a series, with its advertisements when it has some. */
export function seriesPath(id: string, adIds: readonly string[] = []): string {
  const ads = adIds.filter((ad) => ID.test(ad));
  return `/kxzq/goods/${encodeURIComponent(id)}${ads.length > 0 ? `/${ads.join(',')}` : ''}`;
}

/**
 * The advertisement ids of an address's {ads}: in order, each once, at most 20; pieces that are no id are dropped,
 * so a hand-edited address still shows the advertisements it does name.
 */
export function adIdsOf(ads: string | undefined): string[] {
  if (ads === undefined) return [];
  const ids = ads
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => ID.test(piece));
  return [...new Set(ids)].slice(0, MAX_SERIES_ADS);
}
