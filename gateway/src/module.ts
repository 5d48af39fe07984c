import type { Resolvers } from './generated/resolvers';
import type { Loaders } from './loaders';
import type { UpstreamSession } from './rest/client';

/**
 * One domain of the gateway (ADR 0206), exported as `gatewayModule` from `domains/<domain>/module.ts` and found
 * there by convention: its resolvers and the per-request loaders it adds to the context. Its mapper types live in
 * `domains/<domain>/mappers.ts`, where codegen finds them; its loaders' types join `Loaders` by declaration merging.
 */
export interface GatewayModule {
  resolvers: Resolvers;
  /**
   * Called once per GraphQL request: loaders are never shared between requests, as a shared loader would send one
   * buyer's request with another's token.
   */
  loaders?: (upstream: UpstreamSession) => Partial<Loaders>;
}

export function isGatewayModule(value: unknown): value is GatewayModule {
  return typeof value === 'object' && value !== null && 'resolvers' in value && typeof value.resolvers === 'object';
}
