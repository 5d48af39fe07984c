import type { Schemas } from '../../rest/client';
import type { SendCodePayloadMapper } from '../registration/mappers';

export type PayPasswordStatusMapper = Schemas['PayPasswordStatus'];

/** What sending a payment-password code answers: registration's countdowns and refusal, and the masked mobile. */
export interface SendPayPasswordCodePayloadMapper extends SendCodePayloadMapper {
  phone: string | null;
}
