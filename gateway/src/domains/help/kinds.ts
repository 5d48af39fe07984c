import type { ArticlePage, NewsKind } from '../../generated/resolvers';
import { unavailable } from '../../errors';

/** INFO-05: the REST API's news type numbers. */
const NEWS_TYPES: Record<NewsKind, 1 | 2> = { INDUSTRY: 1, COMPANY: 2 };

export const newsTypeOf = (kind: NewsKind): 1 | 2 => NEWS_TYPES[kind];

export function newsKindOf(type: number): NewsKind {
  if (type === 1) return 'INDUSTRY';
  if (type === 2) return 'COMPANY';
  // The answer was validated against the OpenAPI document; another number is a broken upstream.
  throw unavailable();
}

/** INFO-04: the code each fixed page's article has in the upstream. */
export const PAGE_CODES: Record<ArticlePage, string> = {
  ORDER_PAYMENT: 'zfps_ddzf',
  GOODS_DELIVERY: 'zfps_hwps',
  MEDICINE_RETURNS: 'zfps_ypth',
  PRIVACY: 'privacy',
};

/** A record id as the footer's links and the news routes carry it; anything else names no record. */
export function recordIdOf(id: string): number | null {
  const trimmed = id.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= 2147483647 ? n : null;
}
