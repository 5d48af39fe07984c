/**
 * Text messages to buyers' phones: only verification codes so far. Delivery sits behind a sender, as payments sit
 * behind providers; the reference upstream has no SMS account, so its default sender writes the code to the server
 * log (a development transport), and `SMS_TRANSPORT=none` configures no sender at all (40032).
 */
import { Refusal } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ApiError } from './http';

export type CodePurpose = 'register' | 'reset';

export interface SmsSender {
  /** Delivers a verification code; a rejection means the buyer got nothing, and the code is not kept. */
  sendCode(phone: string, code: string, purpose: CodePurpose): Promise<void>;
}

export const smsNotConfigured = () => new ApiError(400, Refusal.SMS_UNAVAILABLE, Wording.smsUnavailable);

/** Writes the code to the log, for a developer registering on their own machine. Never for production. */
export function logSender(log: FastifyBaseLogger): SmsSender {
  return {
    sendCode: async (phone, code, purpose) => {
      log.info({ purpose }, `验证码 ${code} → ${phone}`);
    },
  };
}

/** The sender the configuration chooses, or null when text messages are turned off. */
export function configuredSender(transport: Config['smsTransport'], log: FastifyBaseLogger): SmsSender | null {
  return transport === 'log' ? logSender(log) : null;
}
