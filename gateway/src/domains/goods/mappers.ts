import type { Schemas } from '../../rest/client';
import type { LadderPriceType } from '../../generated/resolvers';
import type { MoneyMapper } from '../shared/mappers';

/**
 * A goods as the schema reads it, mapped from the upstream's record once (`goodsOf`): each of its fields is then read
 * as a property, not resolved by a call per field of every goods of a page. Fields another read answers (favourite
 * marks, activities) keep their resolvers, by `id`.
 */
export interface GoodsMapper {
  readonly id: string;
  readonly name: string;
  readonly manufacturer: string;
  readonly spec: string | null;
  readonly packingUnit: string | null;
  readonly approvalNumber: string | null;
  readonly stock: number;
  readonly isBuyable: boolean;
  readonly price: MoneyMapper;
  readonly basePrice: MoneyMapper | null;
  readonly ladderPrices: readonly LadderPriceMapper[];
  readonly ladderPriceType: LadderPriceType;
  readonly images: readonly string[];
  readonly tags: readonly GoodsTagMapper[];
  readonly freeShippingQuantity: number | null;
  readonly isTraditionalMedicine: boolean;
  readonly isPreferred: boolean;
  readonly expiryDate: string | null;
  readonly isControlledSales: boolean;
  /** SCOPE-01: the goods' business-scope class, as the upstream codes it. */
  readonly scopeClass: Schemas['ScopeClass'];
  /** COMPARE-01: units in one pack and their counting word; null when the spec does not say them. */
  readonly unitsPerPack: number | null;
  readonly unitWord: string | null;
  /** COMPARE-05: packs in one carton (件装量); null when not recorded. */
  readonly packQuantity: number | null;
  /** FACET-02..04: the dosage form, prescription class and marks a purchaser narrows by. */
  readonly dosageForm: string | null;
  readonly prescriptionClass: 'PRESCRIPTION' | 'OTC_A' | 'OTC_B' | null;
  readonly isMedicalInsurance: boolean;
  readonly containsEphedrine: boolean;
  readonly isColdChain: boolean;
}
/** The upstream's tier: its `number` and `price` (fen) are the schema's fields as they are. */
export type LadderPriceMapper = Schemas['LadderTier'];
/** A tag as the schema reads it, mapped with its goods (goodsOf). */
export interface GoodsTagMapper {
  readonly name: string;
  readonly description: string | null;
  readonly color: string;
}
export type GoodsPageMapper = Schemas['GoodsPage'];
/** A goods' activity (GET /api/goods/activities) or an activity read by itself, with its goods count. */
export type GoodsActivityMapper = Schemas['Activity'] | Schemas['ActivityDetail'];
export type SpikeGoodsMapper = Schemas['SpikeGoods'];
export type SpecialPriceGoodsMapper = Schemas['SpecialGoods'];
export type SpecialPricePageMapper = Schemas['SpecialGoodsPage'];
export type CombinationGroupMapper = Schemas['CombinationGroup'];
export type CombinationMapper = Schemas['Combination'];
export type CombinationItemMapper = Schemas['Combination']['goods'][number];
export type GroupBuyGoodsMapper = Schemas['GroupBuyGoods'];
export type GroupBuyPageMapper = Schemas['GroupBuyGoodsPage'];
