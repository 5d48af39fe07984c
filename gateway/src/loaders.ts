import type { UpstreamSession } from './rest/client';

/**
 * Everything one GraphQL request reads from the upstream goes through these, so an operation makes each call once.
 * Each domain module adds its own (`declare module '../../context'` in its module.ts; the context re-exports them).
 * They are created per request and never shared: a shared loader would send one buyer's request with another's
 * token. A module of their own, so that module.ts names them without importing the context (ADR 0220).
 */
export interface Loaders {
  /** The session the loaders read through: one buyer's credentials. */
  readonly upstream: UpstreamSession;
}
