/**
 * SEC-24: the upstream's audit lines. One JSON line at info per event an operator must find afterwards, with a
 * stable `event` name; written through the request's own logger, so it carries the request id the gateway sent
 * (`reqId`, the gateway's `x-request-id`, OPS-06). Secrets are scrubbed as in every line (SEC-23).
 */
import type { FastifyBaseLogger } from 'fastify';

/** Every event name the upstream writes: alerts and searches key on these, so they are never renamed. */
export type UpstreamAuditEvent =
  'login.locked' | 'limit.refused' | 'record.refused' | 'operator.action' | 'payment.applied' | 'payment.held';

export type AuditFields = Record<string, string | number | boolean | null | undefined>;

/** SEC-24: one audit line on the logger of the request it is about. */
export function audit(log: FastifyBaseLogger, event: UpstreamAuditEvent, fields: AuditFields = {}): void {
  log.info({ audit: true, event, ...fields }, event);
}
