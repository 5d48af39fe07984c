import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createYoga, type Plugin, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import sirv from 'sirv';
import type { Config } from './config';
import { contextFactory, type Context } from './context';
import { RestClient } from './rest/client';
import { buildSchema } from './schema';
import { EXAMPLE_OPERATIONS } from './graphiql';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import type { Source, SourceLocation } from 'graphql';

export type GatewayContext = Omit<Context, keyof YogaInitialContext>;

export interface Gateway {
  handler: RequestListener;
  yoga: YogaServerInstance<{ req: IncomingMessage; res: ServerResponse }, GatewayContext>;
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';
const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'];

/**
 * Relays every cookie the upstream set while answering this request (login's session cookie, logout's expiry),
 * one header each: joining them with ", " would break cookies whose Expires holds a comma.
 */
function relayUpstreamCookies(cookies: WeakMap<Request, string[]>): Plugin {
  return {
    onResponse({ request, response }) {
      // Answers differ by Origin (CORS allowlist), so caches must key on it.
      response.headers.append('vary', 'Origin');
      for (const cookie of cookies.get(request) ?? []) response.headers.append('set-cookie', cookie);
    },
  };
}

/** Offset in `body` of a 1-based line and column. */
function positionOf(body: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = body.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset + column - 1;
}

/**
 * graphql-jit's errors carry `locations` but neither AST `nodes` nor source positions, and Yoga rebuilds every error
 * from those before sending it, which would drop the locations clients and the contract rely on. This gives each
 * such error the operation's source and the positions of its locations. The error object itself is kept: Yoga's
 * masking decides by its identity and its original error.
 */
function keepErrorLocations(): Plugin {
  return {
    onExecute({ args }) {
      const source: Source | undefined = args.document.loc?.source;
      if (!source) return;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          for (const error of result.errors ?? []) {
            const locations: readonly SourceLocation[] = error.locations ?? [];
            if (error.nodes || error.source || locations.length === 0) continue;
            Object.defineProperties(error, {
              source: { value: source },
              positions: { value: locations.map(({ line, column }) => positionOf(source.body, line, column)) },
            });
          }
        },
      };
    },
  };
}

export function createGateway(config: Config): Gateway {
  const client = new RestClient({
    baseUrl: config.UPSTREAM_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    // Transport failures reach clients only as UPSTREAM_UNAVAILABLE / UPSTREAM_TIMEOUT; the cause goes to the log.
    log: (message, cause) => yoga.logger.warn(message, cause),
  });
  const cookies = new WeakMap<Request, string[]>();
  const cookiesFor = (request: Request): string[] => {
    let list = cookies.get(request);
    if (!list) cookies.set(request, (list = []));
    return list;
  };
  const allowedOrigins = new Set(config.CORS_ORIGINS);

  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse }, GatewayContext>({
    schema: buildSchema(),
    context: contextFactory(client, cookiesFor),
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    logging: config.NODE_ENV === 'test' ? false : 'info',
    // No stack, upstream address or SQL in answers, in any environment; Yoga logs the original error.
    maskedErrors: { isDev: false },
    // The body limit is enforced by `handler` from Content-Length: Yoga's own limit pipes every body through a
    // TransformStream with an AbortController, about a tenth of the gateway's CPU per operation (ADR 0201).
    maxRequestBodySize: false,
    cors: (request) => {
      const origin = request.headers.get('origin');
      // Yoga's default reflects any Origin with credentials; only listed origins get CORS headers at all.
      if (origin === null || !allowedOrigins.has(origin)) return false;
      return {
        origin,
        credentials: true,
        methods: ['GET', 'POST', 'OPTIONS'],
        allowedHeaders: ['content-type', 'authorization', ...CSRF_HEADERS],
        maxAge: 600,
      };
    },
    graphiql: { title: '药品批发商城 GraphQL', defaultQuery: EXAMPLE_OPERATIONS },
    // GraphiQL's assets are served by the gateway itself, not from a CDN, so it works on closed networks too.
    renderGraphiQL,
    plugins: [
      useCSRFPrevention({ requestHeaders: CSRF_HEADERS }),
      EnvelopArmorPlugin({
        // Sized to the largest real client operation (20 aliased goods on a comparison page), not the defaults;
        // the default allow-list lets unlimited `__typename` aliases through (graphql-cop's alias overloading probe).
        maxAliases: { n: 20, allowList: [] },
        maxDirectives: { n: 10 },
        maxTokens: { n: 2000 },
        // 11: a cart mutation answers the cart page's lines, and a set's line its goods (cart > lines > combination
        // > items > goods through two fragments).
        maxDepth: { n: 11 },
        costLimit: { maxCost: 5000 },
        blockFieldSuggestion: { enabled: true },
      }),
      relayUpstreamCookies(cookies),
      // The compiled executor: 25-45% less gateway CPU per operation than graphql-js (docs/benchmarks.md, ADR 0501).
      useGraphQlJit(),
      keepErrorLocations(),
    ],
  });

  const serveWeb = existsSync(config.WEB_DIST)
    ? sirv(config.WEB_DIST, {
        single: true,
        etag: true,
        gzip: true,
        brotli: true,
        setHeaders: (res, pathname) => {
          // Vite fingerprints everything under /assets; the HTML must be revalidated so a deploy is seen at once.
          res.setHeader(
            'cache-control',
            pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      })
    : null;

  const handler: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (path === GRAPHQL_PATH) {
      const refusal = bodyRefusal(req, config.MAX_BODY_BYTES);
      if (refusal) {
        sendError(res, refusal.status, refusal.message, refusal.code);
        req.resume();
        return;
      }
      void yoga(req, res);
      return;
    }
    if (path === '/healthz') {
      // Ready once the schema is built and the server listens; upstream health shows per field (ADR 0201).
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end('{"status":"ok"}');
      return;
    }
    if (serveWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      serveWeb(req, res, () => notFound(res));
      return;
    }
    notFound(res);
  };

  return { handler, yoga, close: () => client.close() };
}

/**
 * Node's HTTP parser reads exactly Content-Length bytes of a request, so checking the header bounds the body. A body
 * without a length (chunked) could be of any size: it is refused, as browsers and GraphQL clients always send one.
 */
function bodyRefusal(req: IncomingMessage, limit: number): { status: number; message: string; code: string } | null {
  if (req.method !== 'POST') return null;
  const length = req.headers['content-length'];
  if (length === undefined) {
    if (req.headers['transfer-encoding'] === undefined) return null;
    return { status: 411, message: 'Content-Length required', code: 'LENGTH_REQUIRED' };
  }
  return Number(length) > limit
    ? { status: 413, message: 'Request body too large', code: 'REQUEST_ENTITY_TOO_LARGE' }
    : null;
}

function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}
