import type { IncomingMessage } from 'node:http';
import type { YogaInitialContext } from 'graphql-yoga';
import type { RestClient, UpstreamSession } from './rest/client';
import { gatewayModules } from './modules';
import type { GatewayModule } from './module';
import type { Asker } from './limits/sensitive';
import { traceOf } from './logger';
import type { Loaders } from './loaders';
import type { GatewayEvents } from './pubsub';

export type { Loaders } from './loaders';

export interface Context extends YogaInitialContext {
  upstream: UpstreamSession;
  loaders: Loaders;
  /** Who asks, for the limits (ADR 0207): the vouched-for address and the hashed session. */
  asker: Asker;
  /** Events between the gateway's replicas: the live cart (ADR 0213). */
  pubsub: GatewayEvents;
  /**
   * Loaders as new on the same session: a subscription's context lives as long as its stream, and each event must
   * read afresh, as each request does, not through memos filled by an earlier event.
   */
  newLoaders(): Loaders;
}

/** The loaders of one request; each module's are made when the operation first reads one of them. */
class RequestLoaders {
  constructor(readonly upstream: UpstreamSession) {}
}

/**
 * Which module makes which loader, learnt from the first request's loaders (the modules' factories only build
 * loaders, they call nothing). An operation reads the loaders of one or two modules: making all of them (about
 * twenty, of eleven modules) for every request was a measurable share of a trusted document's CPU and garbage
 * (docs/benchmarks.md, "Issue 25: server rendering and the hot path, second pass").
 */
let lazyGetters = false;
function defineLazyGetters(made: readonly { module: GatewayModule; keys: string[] }[]): void {
  for (const { module, keys } of made) {
    const make = module.loaders;
    if (make === undefined) continue;
    for (const key of keys) {
      Object.defineProperty(RequestLoaders.prototype, key, {
        configurable: true,
        enumerable: true,
        get(this: RequestLoaders) {
          let asked: unknown;
          // Own properties from now on: the module's other loaders share this request's memo, as before.
          for (const [name, loader] of Object.entries(make(this.upstream))) {
            Object.defineProperty(this, name, { value: loader, enumerable: true });
            if (name === key) asked = loader;
          }
          return asked;
        },
      });
    }
  }
  lazyGetters = true;
}

export function createLoaders(upstream: UpstreamSession): Loaders {
  const loaders = new RequestLoaders(upstream);
  if (!lazyGetters) {
    // The first request's loaders are made at once; each module's keys are what its factory made.
    const made = gatewayModules.map((module) => {
      const own = module.loaders?.(upstream) ?? {};
      Object.assign(loaders, own);
      return { module, keys: Object.keys(own) };
    });
    defineLazyGetters(made);
  }
  // Each module supplies the loaders it declares; the module tests read every one of them.
  return loaders as Loaders;
}

/**
 * What the context reads of a request: its headers. A Fetch request (Yoga's) is one; so is the trusted documents' hot
 * path's view of a node request (hot-path.ts), which builds no Fetch request at all.
 */
export interface RequestLike {
  readonly method: string;
  readonly headers: Pick<Headers, 'get'>;
}

/** Builds the context factory Yoga calls per request; `cookies` receives what the upstream sets for this request. */
export function contextFactory(
  client: RestClient,
  cookiesFor: (request: RequestLike) => string[],
  askerOf: (request: RequestLike, req: IncomingMessage | undefined) => Asker,
  pubsub: GatewayEvents,
) {
  // `req` is the node request Yoga was called with: absent only for a caller that brings none.
  return ({
    request,
    req,
  }: {
    request: RequestLike;
    req?: IncomingMessage;
  }): Omit<Context, keyof YogaInitialContext> => {
    const asker = askerOf(request, req);
    const upstream = client.session(
      {
        authorization: request.headers.get('authorization'),
        cookie: request.headers.get('cookie'),
        // SEC-18: the upstream counts its own limits by the same vouched-for address.
        clientAddress: asker.address === 'unknown' ? null : asker.address,
        trace: traceOf(request.headers),
      },
      cookiesFor(request),
    );
    return {
      upstream,
      loaders: createLoaders(upstream),
      asker,
      pubsub,
      newLoaders: () => createLoaders(upstream),
    };
  };
}
