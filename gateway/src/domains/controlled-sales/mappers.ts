import type { Schemas } from '../../rest/client';

export type ControlledSalesSeriesMapper = Schemas['ControlledSalesSeries'];
