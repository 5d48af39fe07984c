export interface LadderTier {
  number: number;
  price: number;
}

/**
 * The unit price in fen for `quantity`, from the goods' price and ladder tiers (sorted by number ascending).
 * ladder_price_type 1: each tier's price holds up to and including its number (the last tier beyond it);
 * otherwise each tier's price holds from its number upwards, and the goods' price below the first tier.
 */
export function unitPrice(price: number, ladderType: number, ladder: readonly LadderTier[], quantity: number): number {
  if (ladder.length === 0) return price;
  if (ladderType === 1) {
    for (const tier of ladder) if (quantity <= tier.number) return tier.price;
    return ladder[ladder.length - 1]?.price ?? price;
  }
  let unit = price;
  for (const tier of ladder) if (quantity >= tier.number) unit = tier.price;
  return unit;
}
