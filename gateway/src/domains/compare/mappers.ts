import type { UnitPrice } from '@pharma/domain/unit-price';
import type { Schemas } from '../../rest/client';

/** The upstream's comparison (GET /api/goods/same_generic/{id}); its goods are mapped by goodsOf. */
export type SameGenericComparisonMapper = Schemas['SameGeneric'];
/** A goods' unit price: its pack's price in fen over its units, an exact fraction (COMPARE-02). */
export type UnitPriceMapper = UnitPrice;
