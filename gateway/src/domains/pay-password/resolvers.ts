import type { Resolvers } from '../../generated/resolvers';
import { withFieldNames } from '../../errors';
import { sendRefusal } from '../registration/resolvers';
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
    // The code goes to the account's own mobile: no refusal names a field the buyer typed.
    const refused = sendRefusal(error);
    return { ...refused, phone: null, refusal: refused.refusal && { ...refused.refusal, field: null } };
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
