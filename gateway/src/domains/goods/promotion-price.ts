import { deepestDiscount, shownPrice } from '@pharma/domain/price-engine';
import type { Loaders } from '../../context';
import type { ResolversTypes } from '../../generated/resolvers';
import type { GoodsMapper } from './mappers';

/**
 * PRICE-10: the price the engine charges one unit of `goods` now when a promotion sets it: the seckill named by
 * `goodsPriceId` while it runs, else the deepest running discount; null when none does. From the activities the page
 * reads for all its goods at once, so the card's price and its unit price (COMPARE-02) are of the same number.
 */
export async function promotionPriceOf(
  goods: GoodsMapper,
  goodsPriceId: string | null | undefined,
  loaders: Loaders,
): Promise<ResolversTypes['PromotionPrice'] | null> {
  const activities = await loaders.activities.read(goods.id);
  const running = activities.filter((a) => a.status === 1);
  const seckill = running.find((a) => a.type === 'seckill' && String(a.id) === goodsPriceId?.trim());
  if (seckill && seckill.price !== null) {
    return {
      kind: 'SECKILL',
      activityId: String(seckill.id),
      price: seckill.price,
      label: '秒杀价',
      remaining: seckill.remaining ?? null,
      perBuyerLimit: seckill.per_buyer_limit ?? null,
    };
  }
  const discount = deepestDiscount(
    running.flatMap((a) =>
      a.type === 'discount' && a.discount !== null ? [{ activityId: a.id, name: a.name, percent: a.discount }] : [],
    ),
  );
  const { price, promotion } = shownPrice(goods.price, { discount });
  return promotion === null
    ? null
    : {
        kind: promotion.kind,
        activityId: String(promotion.id),
        price,
        label: promotion.label,
        remaining: null,
        perBuyerLimit: null,
      };
}

/**
 * The price a card shows for one pack of `goods`: a running discount's, else its own (PRICE-10). When the activities
 * cannot be read the card shows the goods' own price (its promotion price is null), and so does this.
 */
export async function shownPackPrice(goods: GoodsMapper, loaders: Loaders): Promise<number> {
  const promotion = await promotionPriceOf(goods, null, loaders).catch(() => null);
  return promotion?.price ?? goods.price;
}
