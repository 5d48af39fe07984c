import type { IncomingMessage } from 'node:http';
import type { YogaInitialContext } from 'graphql-yoga';
import type { RestClient, UpstreamSession } from './rest/client';
import { gatewayModules } from './modules';
import type { Asker } from './limits/sensitive';
import { traceOf } from './logger';
import type { GatewayEvents } from './pubsub';

/**
 * Everything one GraphQL request reads from the upstream goes through these, so an operation makes each call once.
 * Each domain module adds its own (`declare module '../../context'` in its module.ts). They are created per request
 * and never shared: a shared loader would send one buyer's request with another's token.
 */
export interface Loaders {
  /** The session the loaders read through: one buyer's credentials. */
  readonly upstream: UpstreamSession;
}

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

export function createLoaders(upstream: UpstreamSession): Loaders {
  const loaders: Partial<Loaders> = { upstream };
  for (const module of gatewayModules) Object.assign(loaders, module.loaders?.(upstream));
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
