import { formatPrice } from '../../shared/money';

export interface TierLike {
  label: string;
  reached: boolean;
  shortfall?: { amount: string } | null;
}

export interface TierRow {
  key: string;
  label: string;
  reached: boolean;
  text: string;
}

/**
 * Full-reduction (满减) and discount (满折) tiers as the cart shows them: reached tiers first (CART-09), each
 * saying 已满足 or how much more eligible goods reach it ("还差¥20.00"). The gateway computes the amounts; this
 * only orders and words them.
 */
export function tierRows(kind: '满减' | '满折', tiers: readonly TierLike[]): TierRow[] {
  const ordered = [...tiers.filter((tier) => tier.reached), ...tiers.filter((tier) => !tier.reached)];
  return ordered.map((tier, index) => ({
    key: `${kind}-${index}-${tier.label}`,
    label: tier.label,
    reached: tier.reached,
    text: tier.reached
      ? `已满足「${tier.label}」`
      : tier.shortfall
        ? `还差${formatPrice(tier.shortfall)}可享「${tier.label}」`
        : `未满足「${tier.label}」`,
  }));
}
