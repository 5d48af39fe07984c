import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { YogaLogger } from '@graphql-yoga/logger';
import { pino, type DestinationStream, type Logger } from 'pino';
import { CENSOR, REDACT_PATHS, scrub, scrubFields } from '@pharma/domain/redact';

/** What every log line of one request carries (OPS-06), and what the upstream receives to correlate its own. */
export interface RequestTrace {
  requestId: string;
  /** W3C trace context: the caller's, or one begun here. */
  traceparent: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const POOL_DRAWS = 128;
const pool = Buffer.alloc(32 * POOL_DRAWS);
let drawn = POOL_DRAWS;

/** 32 fresh random bytes; each byte of the pool is handed out once. */
function draw32(): Buffer {
  if (drawn === POOL_DRAWS) {
    randomFillSync(pool);
    drawn = 0;
  }
  return pool.subarray(32 * drawn, 32 * ++drawn);
}

/**
 * OPS-06: makes the request a traced one before anything reads it: an `x-request-id` a proxy set is kept (when it
 * looks like one), else one is made, and sent back; a caller's `traceparent` continues with a span id of this hop,
 * else a trace begins here. Both are written onto the request's own headers, where the GraphQL context (and so the
 * upstream calls and their log lines) read them: carried by the request, not by AsyncLocalStorage, which on Node 20
 * cost about a sixth of the gateway's CPU per operation (every promise of every request pays for it).
 */
export function traced(req: IncomingMessage, res: ServerResponse): RequestTrace {
  // The request id, trace id and span id in one draw of 32 bytes, taken from a pool: a draw from the system costs the
  // same few microseconds whatever its size, so one fills the pool for 128 requests.
  const random = draw32().toString('hex');
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : random.slice(0, 16);
  const parent = TRACEPARENT.exec(String(req.headers['traceparent'] ?? ''));
  const traceId = parent?.[1] ?? random.slice(16, 48);
  const traceparent = `00-${traceId}-${random.slice(48)}-01`;
  req.headers['x-request-id'] = requestId;
  req.headers['traceparent'] = traceparent;
  res.setHeader('x-request-id', requestId);
  return { requestId, traceparent };
}

/** The trace `traced` wrote onto a request, read from its headers; undefined for one that was not traced. */
export function traceOf(headers: { get(name: string): string | null }): RequestTrace | undefined {
  const requestId = headers.get('x-request-id');
  const traceparent = headers.get('traceparent');
  return requestId !== null && traceparent !== null && TRACEPARENT.test(traceparent)
    ? { requestId, traceparent }
    : undefined;
}

/** What a log line about one request carries beside its message: `log.warn(message, cause, logged(trace))`. */
export const logged = (trace: RequestTrace | undefined): { trace?: RequestTrace } => (trace ? { trace } : {});

function traceIn(value: unknown): RequestTrace | undefined {
  if (typeof value !== 'object' || value === null || !('trace' in value)) return undefined;
  const { trace } = value;
  return typeof trace === 'object' && trace !== null && 'requestId' in trace && 'traceparent' in trace
    ? { requestId: String(trace.requestId), traceparent: String(trace.traceparent) }
    : undefined;
}

// SEC-02, SEC-23: the one list of secrets both services keep out of their logs, at every level.
export { scrub };

/**
 * JSON lines (OPS-06) with the request id and trace of the request being served, secrets scrubbed. Yoga and the
 * gateway's own code log through this; `level` silences what is below it.
 */
export function createLogger(options: {
  level: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where lines go; standard output unless a test listens. */
  destination?: DestinationStream;
}): YogaLogger {
  const base: Logger = pino(
    {
      level: options.level,
      base: { service: 'gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    },
    options.destination ?? pino.destination(1),
  );
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]): void => {
      const [first, ...rest] = args;
      const message = typeof first === 'string' ? scrub(first) : undefined;
      // A `logged(trace)` argument becomes the line's requestId and traceId.
      const trace = args.map(traceIn).find((found) => found !== undefined);
      const details = (typeof first === 'string' ? rest : args)
        .filter((arg) => traceIn(arg) === undefined)
        .map((detail) => scrubFields(detail));
      const fields = trace ? { requestId: trace.requestId, traceId: trace.traceparent.slice(3, 35) } : {};
      if (details.length === 0) base[level](fields, message);
      else base[level]({ ...fields, details: details.length === 1 ? details[0] : details }, message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
