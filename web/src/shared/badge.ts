/** The cart badge is capped at 99 (CART-12): more lines read "99+". */
export const BADGE_MAX = 99;

export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/**
 * The accessible name of the header's cart entry carries the true line count, not the capped badge, once the
 * cart is known (0 included); a visitor's entry, or one still loading, is just 购物车.
 */
export function cartEntryLabel(count: number | null): string {
  return count === null ? '购物车' : `购物车 ${count} 种商品`;
}
