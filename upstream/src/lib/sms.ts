/**
 * Text messages to buyers' phones: only verification codes so far. Delivery sits behind a sender, as payments sit
 * behind providers: `SMS_TRANSPORT=aliyun` sends through Alibaba Cloud SMS, the development sender (`log`) writes the
 * code to the server log, and `none` configures no sender at all (40032). SEC-17 keeps codes out of production logs.
 */
import { createRequire } from 'node:module';
import type { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import type Dysmsapi from '@alicloud/dysmsapi20170525';
import type { $OpenApiUtil } from '@alicloud/openapi-core';
import { Refusal } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import type { FastifyBaseLogger } from 'fastify';
import type { AliyunSmsConfig, Config } from '../config';
import { ApiError } from './http';

/**
 * The SDK, loaded when an Alibaba Cloud sender is made: importing it takes seconds of a core, which every process
 * paid at start (each test worker, each marketplace's) though only SMS_TRANSPORT=aliyun uses it. It is CommonJS with
 * its client on `exports.default`, which an ES module's default import does not unwrap.
 */
function aliyunSdk() {
  const require = createRequire(import.meta.url);
  const dysmsapi = require('@alicloud/dysmsapi20170525') as {
    default: typeof Dysmsapi;
    SendSmsRequest: typeof SendSmsRequest;
  };
  const core = require('@alicloud/openapi-core') as { $OpenApiUtil: typeof $OpenApiUtil };
  return { DysmsapiClient: dysmsapi.default, SendSmsRequest: dysmsapi.SendSmsRequest, OpenApiUtil: core.$OpenApiUtil };
}

/** PAY-14 adds codes that set or reset the payment password, sent to the signed-in buyer's own mobile. */
export type CodePurpose = 'register' | 'reset' | 'pay_password';

export interface SmsSender {
  /** Delivers a verification code; a rejection means the buyer got nothing, and the code is not kept. */
  sendCode(phone: string, code: string, purpose: CodePurpose): Promise<void>;
}

export const smsNotConfigured = () => new ApiError(400, Refusal.SMS_UNAVAILABLE, Wording.smsUnavailable);

/**
 * Writes the code to the log, for a developer registering on their own machine. Never for production: the
 * configuration refuses it there, and should a hand-made configuration get this far, the code is still left out
 * (SEC-17).
 */
export function logSender(log: FastifyBaseLogger, nodeEnv: Config['nodeEnv']): SmsSender {
  const showCode = nodeEnv !== 'production';
  return {
    sendCode: async (phone, code, purpose) => {
      if (showCode) {
        log.info({ purpose }, `验证码 ${code} → ${phone}`);
        return;
      }
      log.warn({ purpose }, 'a verification code went to the log transport, which does not write it in production');
    },
  };
}

/** A call to Alibaba Cloud slower than this is given up; the buyer may ask again (a failed send keeps no code). */
const ALIYUN_TIMEOUT_MS = 10_000;

/**
 * SEC-17: Alibaba Cloud SMS (dysmsapi SendSms) through its official SDK. The template's one variable is `code`. A
 * failure keeps the buyer's phone and code out of the error, which the server log records.
 */
export function aliyunSender(config: AliyunSmsConfig): SmsSender {
  const { DysmsapiClient, SendSmsRequest, OpenApiUtil } = aliyunSdk();
  const endpoint = new URL(config.endpoint);
  const client = new DysmsapiClient(
    new OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(/:$/, ''),
      connectTimeout: ALIYUN_TIMEOUT_MS,
      readTimeout: ALIYUN_TIMEOUT_MS,
    }),
  );
  return {
    sendCode: async (phone, code) => {
      const request = new SendSmsRequest({
        phoneNumbers: phone,
        signName: config.signName,
        templateCode: config.templateCode,
        templateParam: JSON.stringify({ code }),
      });
      let answer: { code?: string; message?: string; requestId?: string } | undefined;
      try {
        answer = (await client.sendSms(request)).body;
      } catch (error) {
        // eslint-disable-next-line preserve-caught-error -- the cause would carry the phone and the code (SEC-02)
        throw new Error(`Alibaba Cloud SMS failed: ${describeFailure(error, [phone, code])}`);
      }
      if (answer?.code !== 'OK') {
        throw new Error(
          `Alibaba Cloud SMS refused the message: ${answer?.code ?? 'no code'} ${answer?.message ?? ''} (request ${answer?.requestId ?? 'unknown'})`,
        );
      }
    },
  };
}

/**
 * The SDK's error code and message, without the request: a failed connection's message carries the whole address,
 * whose query holds the phone and the code (SEC-02), and the other fields may hold more of it.
 */
function describeFailure(error: unknown, secrets: readonly string[]): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  let message = error instanceof Error ? error.message : 'unknown error';
  message = message.replace(/\?\S*/g, '?…');
  for (const secret of secrets) message = message.replaceAll(secret, '…');
  message = message.slice(0, 300);
  return code === undefined || message.startsWith(code) ? message : `${code}: ${message}`;
}

/** The sender the configuration chooses, or null when text messages are turned off. */
export function configuredSender(
  config: Pick<Config, 'smsTransport' | 'aliyunSms' | 'nodeEnv'>,
  log: FastifyBaseLogger,
): SmsSender | null {
  switch (config.smsTransport) {
    case 'log':
      return logSender(log, config.nodeEnv);
    case 'none':
      return null;
    case 'aliyun':
      if (config.aliyunSms === undefined) throw new Error('SMS_TRANSPORT is aliyun without ALIYUN_SMS_* settings');
      return aliyunSender(config.aliyunSms);
  }
}
