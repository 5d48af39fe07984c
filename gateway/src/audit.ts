/**
 * SEC-24: the gateway's audit lines. One JSON line at info for each event an operator must be able to find after
 * the fact (a lockout, a limit refusal, a CSRF refusal; the upstream writes the refused record ids), with a stable `event`
 * name and the request id and trace id of the request, so that `grep '"event":"login.locked"'` answers "who was
 * locked out, from where, and which request was it". Secrets are scrubbed as in every other line (SEC-23).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { CENSOR, REDACT_PATHS, scrubFields } from '@pharma/domain/redact';
import { traceOf, type RequestTrace } from './logger';

/** Every event name the gateway writes: dashboards and alerts key on these, so they are never renamed. */
export type GatewayAuditEvent = 'login.locked' | 'code.locked' | 'limit.refused' | 'budget.refused' | 'csrf.refused';

export type AuditFields = Record<string, string | number | boolean | null | undefined>;

function auditLogger(destination: DestinationStream | undefined, level: 'info' | 'silent'): Logger {
  return pino(
    {
      level,
      base: { service: 'gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    },
    destination ?? pino.destination(1),
  );
}

// One process serves one gateway, and the refusals are written from plugins that hold no logger of their own
// (limits, CSRF): a module-level log, pointed where the gateway's configuration says by `auditTo`.
let log: Logger | undefined;

/**
 * Where audit lines go: standard output at info unless a test passes its own destination; `silent` (the gateway's
 * LOG_LEVEL, or NODE_ENV=test without a destination) writes none.
 */
export function auditTo(options: { destination?: DestinationStream; level: 'info' | 'silent' }): void {
  log = auditLogger(options.destination, options.level);
}

/** The request an audit line is about: a Request, a GraphQL context (its `request`), or a trace already read. */
type About = Request | RequestTrace | object | undefined;

/** Headers that can be read by name: a Fetch request's, whichever implementation made it (Yoga's may be its own). */
type Readable = { get(name: string): string | null };
const readable = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && 'get' in value && typeof value.get === 'function';
const headersOf = (value: unknown): Readable | undefined =>
  typeof value === 'object' && value !== null && 'headers' in value && readable(value.headers)
    ? value.headers
    : undefined;

function traceFrom(about: About): RequestTrace | undefined {
  if (about === undefined) return undefined;
  if ('requestId' in about && 'traceparent' in about) return about as RequestTrace;
  const headers = headersOf(about) ?? ('request' in about ? headersOf(about.request) : undefined);
  return headers === undefined ? undefined : traceOf(headers);
}

/** The buyer's address the limits computed for this operation (ADR 0207), when the context carries one. */
function addressFrom(about: About): string | undefined {
  if (about === undefined || !('asker' in about)) return undefined;
  const { asker } = about;
  return typeof asker === 'object' && asker !== null && 'address' in asker ? String(asker.address) : undefined;
}

/** SEC-24: one audit line, `event` and the request's ids first. */
export function audit(event: GatewayAuditEvent, fields: AuditFields, about?: About): void {
  log ??= auditLogger(undefined, 'info');
  const trace = traceFrom(about);
  const address = addressFrom(about);
  log.info(
    {
      audit: true,
      event,
      ...(trace ? { requestId: trace.requestId, traceId: trace.traceparent.slice(3, 35) } : {}),
      ...(address === undefined ? {} : { address }),
      ...(scrubFields(fields) as AuditFields),
    },
    event,
  );
}

/**
 * SEC-24: a limit refused a call. The limiter's name (the last part of its key prefix, `gw:limit:loginPair`) says
 * which: the login and code windows are lockouts of an account or a phone number, the rest refusals of a client.
 */
export function auditLimit(about: About, limiter: string | undefined, retryAfterSeconds: number): void {
  const name = limiter?.split(':').at(-1) ?? 'unknown';
  const event: GatewayAuditEvent = name.startsWith('login')
    ? 'login.locked'
    : name.startsWith('code')
      ? 'code.locked'
      : name.startsWith('cost')
        ? 'budget.refused'
        : 'limit.refused';
  audit(event, { limiter: name, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) }, about);
}
