import { percentPrice } from '@pharma/domain/price-engine';
import type { Queryable } from '../db/db';

/**
 * PROMO-03: a welfare campaign's goods sell at `discount` percent of their price, the paid part floored to the fen
 * (MONEY-04); ladders do not apply on top of it.
 */
export function welfarePrice(price: number, discount: number): number {
  return percentPrice(price, discount);
}

export interface WelfareOffer {
  campaign_id: number;
  goods_id: number;
  discount: number;
  /** 1 once the campaign is not running (ended, or not started yet); time is the store's. */
  is_expired: number;
}

/**
 * The welfare offers cart lines name: a line names its campaign in `goods_price_id`; a pair the campaign does not
 * cover (or a campaign of another kind) is absent, and such a line keeps the goods' own price.
 */
export async function welfareOffers(
  q: Queryable,
  pairs: readonly { campaignId: number; goodsId: number }[],
): Promise<Map<string, WelfareOffer>> {
  if (pairs.length === 0) return new Map();
  const rows = await q.query<WelfareOffer>(
    `SELECT c.id AS campaign_id, cg.goods_id, c.discount,
       (NOT (c.start_at <= now() AND c.end_at > now()))::int AS is_expired
     FROM campaigns c JOIN campaign_goods cg ON cg.campaign_id = c.id
     WHERE c.kind = 'welfare' AND (c.id, cg.goods_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
    [pairs.map((p) => p.campaignId), pairs.map((p) => p.goodsId)],
  );
  return new Map(rows.map((row) => [offerKey(row.campaign_id, row.goods_id), row]));
}

export const offerKey = (campaignId: number, goodsId: number) => `${campaignId}:${goodsId}`;
