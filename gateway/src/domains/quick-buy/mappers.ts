import type { Schemas } from '../../rest/client';

export type QuickPurchasePageMapper = Schemas['FastBuyPage'];
export type QuickPurchaseItemMapper = Schemas['FastBuyItem'];
export type RebuyPreviewMapper = Schemas['RebuyPreview'];
export type RebuyPreviewLineMapper = Schemas['RebuyPreviewLine'];
