import { singleItemFreeShippingQuantity } from '@pharma/domain/cart-pricing';
import type { Schemas } from '../../rest/client';
import type { GoodsMapper } from './mappers';

// The upstream owns each tag's colour; a tag that comes without one is red (CATALOG-03).
const DEFAULT_TAG_COLOR = '#e4393c';

/**
 * Mapped goods by the upstream record they were mapped from. Decoded answers are kept and shared (CACHE-02), so a
 * page read again yields the same records and its goods are mapped once, not per request; the mapping holds nothing
 * of a buyer's, and an entry lives as long as its record.
 */
const mapped = new WeakMap<Schemas['Goods'], GoodsMapper>();

/** FACET-03: the schema's class of the upstream's code; an unknown code (a newer store's) reads as none. */
function prescriptionClassOf(code: string | null | undefined): GoodsMapper['prescriptionClass'] {
  switch (code) {
    case 'RX':
      return 'PRESCRIPTION';
    case 'OTC_A':
    case 'OTC_B':
      return code;
    default:
      return null;
  }
}

/** A goods as the schema reads it, from the upstream's record: every field of Goods but those another read answers. */
export function goodsOf(record: Schemas['Goods']): GoodsMapper {
  let goods = mapped.get(record);
  if (goods === undefined) {
    goods = Object.freeze({
      id: String(record.id),
      name: record.name,
      manufacturer: record.sccj ?? '',
      spec: record.ypgg || null,
      packingUnit: record.bzdw || null,
      approvalNumber: record.pzwh || null,
      stock: Math.max(record.number ?? 0, 0),
      isBuyable: record.is_buy === 1,
      price: record.price,
      basePrice: record.base_price > 0 && record.base_price !== record.price ? record.base_price : null,
      ladderPrices: record.ladder_price ?? [],
      ladderPriceType: record.ladder_price_type === 1 ? 'UPPER_BOUND' : 'MINIMUM_QUANTITY',
      images: record.goods_image ?? [],
      tags: (record.tags ?? [])
        .filter((tag) => tag.is_show !== 0)
        .map((tag) => ({ name: tag.name, description: tag.describe || null, color: tag.color || DEFAULT_TAG_COLOR })),
      freeShippingQuantity: singleItemFreeShippingQuantity(record),
      isTraditionalMedicine: record.type === 1,
      isPreferred: record.is_youx === 1,
      expiryDate: record.expire_date || null,
      isControlledSales: record.is_kx === 1,
      scopeClass: record.scope_class,
      unitsPerPack: record.units_per_pack ?? null,
      unitWord: record.unit_word ?? null,
      packQuantity: record.carton_qty ?? null,
      dosageForm: record.dosage_form ?? null,
      prescriptionClass: prescriptionClassOf(record.rx_class),
      isMedicalInsurance: record.is_yb === 1,
      containsEphedrine: record.is_hm === 1,
      isColdChain: record.scope_class === 'COLD_CHAIN',
    });
    mapped.set(record, goods);
  }
  return goods;
}
