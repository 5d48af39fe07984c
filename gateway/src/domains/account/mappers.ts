import type { Schemas } from '../../rest/client';

export type QualificationMapper = Schemas['Qualification'];
export type QualificationReviewMapper = NonNullable<Schemas['Qualification']['review']>;
export type QualificationAlertMapper = NonNullable<Schemas['QualificationAlert']>;
export type UploadedFileMapper = Schemas['UploadedFile'];
export interface ChangePasswordPayloadMapper {
  ended_sessions: number;
}
