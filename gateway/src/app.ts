import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createYoga, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
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
import { useUpstreamCookies } from './plugins/upstream-cookies';
import { useErrorLocations } from './plugins/error-locations';
import { useHealth } from './plugins/health';
import { useBodyLimit } from './plugins/body-limit';
import { corsAllowlist } from './plugins/cors';
import { FILE_ROUTE, relayFile } from './domains/account/file-route';
import { INVOICE_PDF_ROUTE, relayInvoicePdf } from './domains/invoices/pdf-route';
import { createPageHandler, type PageHandler } from './web/pages';

export type GatewayContext = Omit<Context, keyof YogaInitialContext>;

export interface Gateway {
  handler: RequestListener;
  yoga: YogaServerInstance<{ req: IncomingMessage; res: ServerResponse }, GatewayContext>;
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';
const HEALTH_PATH = '/healthz';
const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'];

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

  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse }, GatewayContext>({
    schema: buildSchema(),
    context: contextFactory(client, cookiesFor),
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    logging: config.NODE_ENV === 'test' ? false : 'info',
    // No stack, upstream address or SQL in answers, in any environment; Yoga logs the original error.
    maskedErrors: { isDev: false },
    // The body limit is useBodyLimit's, from Content-Length (ADR 0201).
    maxRequestBodySize: false,
    cors: corsAllowlist(config.CORS_ORIGINS, ['content-type', 'authorization', ...CSRF_HEADERS]),
    graphiql: { title: '药品批发商城 GraphQL', defaultQuery: EXAMPLE_OPERATIONS },
    // GraphiQL's assets are served by the gateway itself, not from a CDN, so it works on closed networks too.
    renderGraphiQL,
    plugins: [
      useHealth({ path: HEALTH_PATH }),
      // Uploads (GraphQL multipart requests, FILE-01) may be up to 5 MB; every other body stays small.
      useBodyLimit({ maxBytes: config.MAX_BODY_BYTES, maxMultipartBytes: config.MAX_UPLOAD_BYTES }),
      useCSRFPrevention({ requestHeaders: CSRF_HEADERS }),
      EnvelopArmorPlugin({
        // Sized to the largest real client operation (20 aliased goods on a comparison page), not the defaults;
        // the default allow-list lets unlimited `__typename` aliases through (graphql-cop's alias overloading probe).
        maxAliases: { n: 20, allowList: [] },
        maxDirectives: { n: 10 },
        maxTokens: { n: 2000 },
        // Depth and cost count fields, not fragment levels: a component's fragment spread inside another's adds no
        // work, and counting it would refuse one cart fragment composed of the badge's, panel's and page's. 7: the
        // deepest client operations (a cart mutation, placing an order) answer the cart's set lines down to their
        // goods' tags (tests/web-operations-limits.test.ts fails when a client operation outgrows it).
        maxDepth: { n: 7, flattenFragments: true },
        costLimit: { maxCost: 5000, flattenFragments: true },
        blockFieldSuggestion: { enabled: true },
      }),
      useUpstreamCookies((request) => cookies.get(request)),
      // The compiled executor: 25-45% less gateway CPU per operation than graphql-js (docs/benchmarks.md, ADR 0501).
      useGraphQlJit(),
      useErrorLocations(),
    ],
  });

  const hasWeb = existsSync(join(config.WEB_DIST, 'index.html'));
  const serveWeb = hasWeb
    ? sirv(config.WEB_DIST, {
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
  const entryPath = config.WEB_SSR_ENTRY ?? `${config.WEB_DIST.replace(/\/+$/, '')}-ssr/entry-server.js`;
  const servePage: PageHandler | null = hasWeb
    ? createPageHandler({
        templatePath: join(config.WEB_DIST, 'index.html'),
        entryPath: config.WEB_SSR === 'on' && existsSync(entryPath) ? entryPath : null,
        graphql: async (body, headers, signal) =>
          await yoga.fetch(`http://gateway.internal${GRAPHQL_PATH}`, { method: 'POST', headers, body, signal }),
        timeoutMs: config.WEB_SSR_TIMEOUT_MS,
        log: (message, cause) => yoga.logger.warn(message, cause),
      })
    : null;

  const handler: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (path === GRAPHQL_PATH || path === HEALTH_PATH) {
      void yoga(req, res);
      return;
    }
    const file = FILE_ROUTE.exec(path);
    if (file?.[1] !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      void relayFile(client, req, res, file[1]);
      return;
    }
    const invoice = INVOICE_PDF_ROUTE.exec(path);
    if (invoice?.[1] !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      void relayInvoicePdf(client, req, res, invoice[1]);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      // A page address (no file extension) is a page of the app; anything else is one of the built files.
      if (servePage && !/\.[A-Za-z0-9]+$/.test(path)) {
        void servePage(req, res);
        return;
      }
      if (serveWeb) {
        serveWeb(req, res, () => notFound(res));
        return;
      }
    }
    notFound(res);
  };

  return { handler, yoga, close: () => client.close() };
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}
