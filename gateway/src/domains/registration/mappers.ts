export type SendCodeRefusal = 'TOO_FREQUENT' | 'PHONE_REGISTERED' | 'PHONE_NOT_REGISTERED' | 'SMS_UNAVAILABLE';

/** What sending a verification code answers: the countdowns, or the refusal the form shows. */
export interface SendCodePayloadMapper {
  resendIn: number;
  expiresIn: number;
  refusal: { code: SendCodeRefusal; message: string; field: string | null } | null;
}
