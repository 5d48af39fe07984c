import { formatFen } from '@pharma/domain/money';
import { formatPrice } from '../../shared/money';

interface Money {
  fen: number;
  amount: string;
}

/** The fields of an order the promotion bullets read. */
export interface PromotionFacts {
  couponName: string | null | undefined;
  amounts: { goodsFullReduction: Money; fullReduction: Money; discount: Money; coupon: Money };
  lines: readonly {
    name: string;
    number: number;
    packingUnit?: string | null;
    total: { fen: number };
    isGift: boolean;
    groupBuyId?: string | null;
    combination?: { id: string; name: string; sets: number } | null;
  }[];
}

const yuan = (fen: number) => `¥${formatFen(fen)}`;

/**
 * ORDER-19: the order detail's promotions, each saying what it gave: the amount a reduction, discount or coupon
 * took off, the gifts with their quantities, the sets (组合购) with how many were bought at what, and the group-buy
 * (拼团) goods at their group price, never a bare name.
 */
export function promotionBullets(order: PromotionFacts): string[] {
  const { amounts } = order;
  const gifts = order.lines.filter((line) => line.isGift);
  const sets = new Map<string, { name: string; sets: number; fen: number }>();
  for (const line of order.lines) {
    if (!line.combination) continue;
    const set = sets.get(line.combination.id) ?? { name: line.combination.name, sets: line.combination.sets, fen: 0 };
    set.fen += line.total.fen;
    sets.set(line.combination.id, set);
  }
  const groupBuys = order.lines.filter((line) => line.groupBuyId);
  return [
    amounts.goodsFullReduction.fen > 0 ? `单品满减（-${formatPrice(amounts.goodsFullReduction)}）` : null,
    amounts.fullReduction.fen > 0 ? `满减优惠（-${formatPrice(amounts.fullReduction)}）` : null,
    amounts.discount.fen > 0 ? `满折优惠（-${formatPrice(amounts.discount)}）` : null,
    order.couponName ? `优惠券：${order.couponName}（-${formatPrice(amounts.coupon)}）` : null,
    gifts.length > 0 ? `赠品：${gifts.map((line) => `${line.name}×${line.number}`).join('、')}` : null,
    ...[...sets.values()].map((set) => `组合购：${set.name}×${set.sets}套，组合价${yuan(set.fen)}`),
    groupBuys.length > 0
      ? `拼团：${groupBuys
          .map((line) => `${line.name}×${line.number}${line.packingUnit ?? ''}，拼团价${yuan(line.total.fen)}`)
          .join('、')}`
      : null,
  ].filter((text): text is string => text !== null);
}
