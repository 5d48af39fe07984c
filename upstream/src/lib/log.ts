/**
 * The upstream's log lines (OPS-06, SEC-23): pino through Fastify, with the one list of secrets the gateway keeps
 * out of its own lines. `redact` censors the structured places pino knows; the message text, every field of every
 * line and the request's address are scrubbed as well, at every level: at debug, Fastify logs each request's URL,
 * whose query may carry a mobile number (`/api/sms/send?phone=...`).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { CENSOR, REDACT_PATHS, scrub, scrubFields } from '@pharma/domain/redact';
import type { Config } from '../config';

/** Where lines go instead of standard output (a test's collector). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(
  level: Config['logLevel'],
  destination?: LogDestination,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: scrub(request.url),
        remoteAddress: request.ip,
      }),
    },
    formatters: {
      log: (fields: Record<string, unknown>) => scrubFields(fields) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrub(arg) : arg));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
    ...(destination === undefined ? {} : { stream: destination }),
  };
}
