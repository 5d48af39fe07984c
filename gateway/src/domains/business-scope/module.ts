import type { GatewayModule } from '../../module';
import type { UpstreamSession } from '../../rest/client';
import { businessScopeResolvers } from './resolvers';
import { fetchScopeClasses } from './rest';

/**
 * The buyer's scope classes, read at most once per operation however many goods ask (SCOPE-05), and none for a
 * visitor. Once in, each goods reads them as a plain value rather than awaiting a promise per goods (ADR 0502).
 */
export class ScopeClassesOnce {
  private pending: Promise<ReadonlySet<string> | null> | undefined;
  private value: ReadonlySet<string> | null | undefined;

  constructor(private readonly upstream: UpstreamSession) {}

  read(): ReadonlySet<string> | null | Promise<ReadonlySet<string> | null> {
    if (this.value !== undefined) return this.value;
    // No credentials, no buyer: nothing to ask, and nothing per buyer goes into a visitor's answer.
    if (!this.upstream.presentsCredentials) return null;
    this.pending ??= fetchScopeClasses(this.upstream).then((classes) => {
      this.value = classes;
      return classes;
    });
    return this.pending;
  }
}

declare module '../../context' {
  interface Loaders {
    /** The buyer's business-scope classes (null for a visitor), for Goods.outOfScope. */
    scopeClasses: ScopeClassesOnce;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: businessScopeResolvers,
  loaders: (upstream) => ({ scopeClasses: new ScopeClassesOnce(upstream) }),
};
