import type { Resolvers } from '../../generated/resolvers';
import { upstreamCodeOf, withFieldNames } from '../../errors';
import { secondsLeftOf, SEND_REFUSALS } from '../registration/resolvers';
import { fetchPayPasswordStatus, postPayPassword, postPayPasswordCode } from './rest';
import type { SendPayPasswordCodePayloadMapper } from './mappers';

/** PAY-14: a code to the buyer's own mobile; the refusals a buyer expects answer as registration's do. */
async function sendCode(
  upstream: Parameters<typeof postPayPasswordCode>[0],
): Promise<SendPayPasswordCodePayloadMapper> {
  try {
    const sent = await postPayPasswordCode(upstream);
    return { phone: sent.phone, resendIn: sent.resend_in, expiresIn: sent.expires_in, refusal: null };
  } catch (error) {
    const code = upstreamCodeOf(error);
    const refusal = code === undefined ? undefined : SEND_REFUSALS[code];
    if (refusal === undefined || !(error instanceof Error)) throw error;
    return {
      phone: null,
      resendIn: refusal.code === 'TOO_FREQUENT' ? secondsLeftOf(error.message) : 0,
      expiresIn: 0,
      refusal: { ...refusal, field: null, message: error.message },
    };
  }
}

export const payPasswordResolvers: Resolvers = {
  User: {
    payPassword: (_user, _args, { upstream }) => fetchPayPasswordStatus(upstream),
  },
  PayPasswordStatus: {
    isSet: (status) => status.is_set === 1,
    lockedForSeconds: (status) => status.locked_for,
  },
  SendPayPasswordCodePayload: {
    userErrors: (payload) => (payload.refusal === null ? [] : [payload.refusal]),
  },
  Mutation: {
    sendPayPasswordCode: (_parent, _args, { upstream }) => sendCode(upstream),
    // The password and its confirmation go as typed: a space is part of what the buyer must type again.
    setPayPassword: (_parent, { input }, { upstream }) =>
      withFieldNames({ password_confirmation: 'passwordConfirmation' }, () =>
        postPayPassword(upstream, {
          code: input.code.trim(),
          password: input.password,
          password_confirmation: input.passwordConfirmation,
        }),
      ),
  },
};
