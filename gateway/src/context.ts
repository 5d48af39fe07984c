import type { YogaInitialContext } from 'graphql-yoga';
import type { RestClient, UpstreamSession } from './rest/client';
import { gatewayModules } from './modules';

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
}

export function createLoaders(upstream: UpstreamSession): Loaders {
  const loaders: Partial<Loaders> = { upstream };
  for (const module of gatewayModules) Object.assign(loaders, module.loaders?.(upstream));
  // Each module supplies the loaders it declares; the module tests read every one of them.
  return loaders as Loaders;
}

/** Builds the context factory Yoga calls per request; `cookies` receives what the upstream sets for this request. */
export function contextFactory(client: RestClient, cookiesFor: (request: Request) => string[]) {
  return ({ request }: YogaInitialContext): Omit<Context, keyof YogaInitialContext> => {
    const upstream = client.session(
      { authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') },
      cookiesFor(request),
    );
    return { upstream, loaders: createLoaders(upstream) };
  };
}
