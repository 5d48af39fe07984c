import type { YogaServerOptions } from 'graphql-yoga';

type CorsOption = NonNullable<YogaServerOptions<object, object>['cors']>;

/**
 * The CORS policy for Yoga's own CORS plugin (which answers preflights): only listed origins get CORS headers at
 * all, with credentials. Yoga's default reflects any Origin with credentials.
 */
export function corsAllowlist(origins: readonly string[], allowedHeaders: readonly string[]): CorsOption {
  const allowed = new Set(origins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return false;
    return {
      origin,
      credentials: true,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: [...allowedHeaders],
      maxAge: 600,
    };
  };
}
