import { loadConfig } from '../config';

/**
 * The address of a goods picture as an order placed today would keep it (order lines keep the image of the day
 * they were ordered): under the configured public address, or the default one when the environment gives none.
 */
export function seededGoodsImage(goodsId: number): string {
  let base = 'http://localhost:4010';
  try {
    base = loadConfig().publicUrl;
  } catch {
    // A seed run from a test or script without the upstream's environment keeps the default address.
  }
  return `${base}/api/images/goods/${goodsId}.svg`;
}
