import type { Schemas } from '../../rest/client';

export type InspectionReportMapper = Schemas['InspectionReport'];
export type InspectionReportPageMapper = Schemas['InspectionReportPage'];
