import type { Resolvers, VerificationPurpose } from '../../generated/resolvers';
import { upstreamCodeOf, withFieldNames } from '../../errors';
import { Refusal } from '@pharma/domain/codes';
import {
  checkMobile,
  fetchPhoneRegistered,
  postCreateCode,
  postForget,
  postRegister,
  postRegisterStore,
  type CodeType,
} from './rest';
import type { SendCodePayloadMapper, SendCodeRefusal } from './mappers';

const CODE_TYPES: Record<VerificationPurpose, CodeType> = { REGISTER: 1, RESET_PASSWORD: 2 };

/** The refusals of create_code a buyer expects, by the upstream's business code; anything else stays an error. */
const SEND_REFUSALS: Partial<Record<number, { code: SendCodeRefusal; field: string | null }>> = {
  [Refusal.CODE_TOO_FREQUENT]: { code: 'TOO_FREQUENT', field: null },
  [Refusal.SMS_UNAVAILABLE]: { code: 'SMS_UNAVAILABLE', field: null },
  [Refusal.PHONE_REGISTERED]: { code: 'PHONE_REGISTERED', field: 'phone' },
  [Refusal.PHONE_NOT_REGISTERED]: { code: 'PHONE_NOT_REGISTERED', field: 'phone' },
};

/**
 * The seconds left of 发送过于频繁，请{n}秒后再试: the envelope of a refusal carries no data, and the button must
 * count down from the upstream's clock rather than start a fresh minute.
 */
export function secondsLeftOf(message: string): number {
  const match = /(\d+)\s*秒/.exec(message);
  return match ? Number(match[1]) : 0;
}

/** A refusal of a code send the buyer expects, as the payload's refusal; any other failure is thrown again. */
export function sendRefusal(error: unknown): SendCodePayloadMapper {
  const code = upstreamCodeOf(error);
  const refusal = code === undefined ? undefined : SEND_REFUSALS[code];
  if (refusal === undefined || !(error instanceof Error)) throw error;
  return {
    resendIn: refusal.code === 'TOO_FREQUENT' ? secondsLeftOf(error.message) : 0,
    expiresIn: 0,
    refusal: { ...refusal, message: error.message },
  };
}

async function sendCode(
  upstream: Parameters<typeof postCreateCode>[0],
  phone: string,
  type: CodeType,
): Promise<SendCodePayloadMapper> {
  try {
    return await postCreateCode(upstream, phone, type);
  } catch (error) {
    return sendRefusal(error);
  }
}

export const registrationResolvers: Resolvers = {
  Query: {
    phoneRegistered: (_parent, { phone }, { upstream }) => fetchPhoneRegistered(upstream, checkMobile(phone)),
  },
  Mutation: {
    sendVerificationCode: (_parent, { phone, purpose }, { upstream }) =>
      sendCode(upstream, checkMobile(phone), CODE_TYPES[purpose]),
    // Field rules are the upstream's (its 422 names the field); only surrounding blanks are dropped, never inner ones
    // and never any of the password.
    register: (_parent, { input }, { upstream }) =>
      withFieldNames({ wechat_ticket: 'wechatTicket' }, () =>
        postRegister(upstream, {
          phone: input.phone.trim(),
          code: input.code.trim(),
          username: input.username.trim(),
          password: input.password,
          company: input.company.trim(),
          name: input.name.trim(),
          ...(input.wechatTicket ? { wechat_ticket: input.wechatTicket.trim() } : {}),
        }),
      ),
    registerStore: (_parent, { input }, { upstream }) =>
      withFieldNames({ invite_code: 'inviteCode' }, () =>
        postRegisterStore(upstream, {
          phone: input.phone.trim(),
          code: input.code.trim(),
          username: input.username.trim(),
          password: input.password,
          invite_code: input.inviteCode.trim(),
          store: input.store.trim(),
          name: input.name.trim(),
        }),
      ),
    resetPassword: async (_parent, { phone, code, password }, { upstream }) => ({
      message: await postForget(upstream, { phone: phone.trim(), code: code.trim(), password }),
    }),
  },
  SendCodePayload: {
    userErrors: (payload) => (payload.refusal === null ? [] : [payload.refusal]),
  },
};
