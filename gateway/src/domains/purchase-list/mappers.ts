import type { Schemas } from '../../rest/client';

export type PurchaseListMatchMapper = Schemas['PurchaseListMatch'];
export type PurchaseListRowMapper = Schemas['PurchaseListRow'];
export type PurchaseListColumnMapper = Schemas['PurchaseListMatch']['columns'][number];
export type PurchaseListAddedLineMapper = Schemas['PurchaseListImportResult']['added'][number];
export type PurchaseListRefusedLineMapper = Schemas['PurchaseListImportResult']['failed'][number];
/** The upstream's result with its message, which the payload reports. */
export type PurchaseListImportPayloadMapper = Schemas['PurchaseListImportResult'] & { message: string };
