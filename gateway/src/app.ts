import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Kind } from 'graphql';
import { createYoga, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { Config } from './config';
import { contextFactory, type Context, type RequestLike } from './context';
import { RestClient } from './rest/client';
import { buildSchema } from './schema';
import { EXAMPLE_OPERATIONS } from './graphiql';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { useUpstreamCookies } from './plugins/upstream-cookies';
import { useErrorLocations } from './plugins/error-locations';
import { useHealth } from './plugins/health';
import { useBodyLimit } from './plugins/body-limit';
import { useInputRules, useVariableDepthLimit, variableDepthOf } from './plugins/input-rules';
import { trustedDocumentsFor } from './plugins/trusted-documents';
import { corsAllowlist } from './plugins/cors';
import { useAuditedCsrfPrevention } from './plugins/csrf';
import { auditTo } from './audit';
import { IMAGE_ROUTE, imageRelay } from './web/images';
import { countUnappliedPayments } from './unapplied-payments';
import { FILE_ROUTE, relayFile } from './domains/account/file-route';
import { INVOICE_PDF_ROUTE, relayInvoicePdf } from './domains/invoices/pdf-route';
import { FIRST_BUSINESS_ROUTE, relayFirstBusinessDocuments } from './domains/first-business/file-route';
import {
  ORDER_EXPORT_ROUTE,
  ORDER_STATEMENT_ROUTE,
  DELIVERY_NOTE_ROUTE,
  relayOrderExport,
  relayOrderStatement,
  relayDeliveryNote,
} from './domains/orders/file-route';
import { CREDIT_STATEMENT_ROUTE, relayCreditStatement } from './domains/credit/file-route';
import { createPageHandler, type PageHandler } from './web/pages';
import { staticFiles } from './web/static-files';
import { createGatewayPubSub, type GatewayPubSub } from './pubsub';
import { useCartEvents } from './plugins/cart-events';
import { securityHeaders, type AnswerKind } from './web/security-headers';
import { graphiqlPage, wantsGraphiQL } from './web/graphiql-page';
import { readiness, UpstreamSecretWatch } from './plugins/readiness';
import { GatewayMetrics } from './metrics';
import { createLogger, logged, traced } from './logger';
import { usePublicResponseCache } from './cache/response-cache';
import { closeRedis, connectRedis, RedisHealth } from './redis';
import { limiterFactory } from './limits/store';
import { clientAddressOf, sessionKeyOf, trustProxy } from './limits/client';
import { useSensitiveLimits, type Asker } from './limits/sensitive';
import type { GatewayTracing } from './tracing';
import { costBudget } from './limits/cost-budget';
import { createHotPath, type HotPath } from './hot-path';
import { PUBLIC_FIELDS } from './cache/response-cache';

export type GatewayContext = Omit<Context, keyof YogaInitialContext>;

/** What Yoga is called with: the node request (its socket gives the buyer's address), and a response to write to
 * unless the call is the page renderer's in-process one. */
type ServerContext = { req: IncomingMessage; res?: ServerResponse };

export interface Gateway {
  handler: RequestListener;
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /** Subscription events (ADR 0213); `activeSubscriptions()` is what the metrics count. */
  pubsub: GatewayPubSub;
  /** The operators' figures (OPS-02), served by main.ts on METRICS_PORT. */
  metrics: GatewayMetrics;
  /** Trusted documents' plans (ADR 0503); null while tracing, when every operation goes through Yoga. */
  hotPath: HotPath | null;
  /** Turns readiness off for good: the process is about to stop (OPS-03). */
  drain(): void;
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';
const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';
const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'];

export interface GatewayOptions {
  /** Yoga plugins that run first: the tracing ones when OTEL_EXPORTER_OTLP_ENDPOINT is set (OPS-41, tracing.ts). */
  tracingPlugins?: GatewayTracing['plugins'];
  /** The trusted documents' hot path (ADR 0503), on unless tracing; off only for the bench's comparison with Yoga. */
  hotPath?: boolean;
}

export function createGateway(config: Config, options: GatewayOptions = {}): Gateway {
  const metrics = new GatewayMetrics();
  // OPS-14: the upstream refusing UPSTREAM_SECRET, seen by any call or by readiness, logged once per episode.
  const secretWatch = new UpstreamSecretWatch((message) => yoga.logger.error(message));
  const client = new RestClient({
    baseUrl: config.UPSTREAM_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    readTimeoutMs: config.UPSTREAM_READ_TIMEOUT_MS,
    onSecretRefused: () => secretWatch.refusedNow(),
    // Transport failures reach clients only as UPSTREAM_UNAVAILABLE / UPSTREAM_TIMEOUT; the cause goes to the log.
    log: (message, cause, trace) => yoga.logger.warn(message, cause, logged(trace)),
    onCall: (method, route, status, seconds) =>
      metrics.upstreamCalls.observe({ method, path: route, status: String(status) }, seconds),
    onCircuit: (open) => metrics.breaker.set(open ? 1 : 0),
    secret: config.UPSTREAM_SECRET,
  });
  countUnappliedPayments(metrics.registry, client);
  // SEC-24: audit lines at info, unless this gateway logs nothing at that level (LOG_LEVEL, or a test's silence).
  auditTo({
    level: config.NODE_ENV === 'test' || ['warn', 'error', 'silent'].includes(config.LOG_LEVEL) ? 'silent' : 'info',
  });
  const images = imageRelay({
    upstreamUrl: config.UPSTREAM_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    secret: config.UPSTREAM_SECRET,
    log: (message, cause) => yoga.logger.warn(message, cause),
  });
  const cookies = new WeakMap<RequestLike, string[]>();
  const cookiesFor = (request: RequestLike): string[] => {
    let list = cookies.get(request);
    if (!list) cookies.set(request, (list = []));
    return list;
  };

  // OPS-10: one watch on every Redis connection: the outage and the recovery are one log line each, and `redis_up`.
  const redisHealth = new RedisHealth({
    warn: (message, cause) => yoga.logger.warn(message, cause),
    info: (message) => yoga.logger.info(message),
  });
  const redis = connectRedis(config.REDIS_URL, redisHealth, config.REDIS_COMMAND_TIMEOUT_MS);
  if (redis) metrics.watchRedis(() => redisHealth.up);
  const limiters = limiterFactory(redis, `${config.REDIS_PREFIX}:limit`);
  const trust = trustProxy(config.TRUST_PROXY);
  // Asked twice per request (the cost budget on arrival, then the context): the session's hash and the forwarded
  // address are worked out once.
  const askers = new WeakMap<RequestLike, Asker>();
  const askerOf = (request: RequestLike, req: IncomingMessage | undefined): Asker => {
    let asker = askers.get(request);
    if (asker === undefined) {
      asker = { address: req === undefined ? 'unknown' : clientAddressOf(req, trust), session: sessionKeyOf(request) };
      askers.set(request, asker);
    }
    return asker;
  };
  const askerOfContext = (context: object): Asker =>
    'asker' in context ? (context as Pick<GatewayContext, 'asker'>).asker : { address: 'unknown', session: null };

  const pubsub = createGatewayPubSub(config, {
    log: (message, cause) => yoga.logger.warn(message, cause),
    health: redisHealth,
  });
  metrics.countSubscriptions(() => pubsub.activeSubscriptions());

  const schema = buildSchema();
  // SEC-20..22, OPS-13: read once; their operation names are the only ones the metrics label by.
  const trusted = trustedDocumentsFor(config);
  const context = contextFactory(client, cookiesFor, askerOf, pubsub.pubsub);
  // The execution hooks, made once: Yoga runs them, and so does the trusted documents' hot path (ADR 0503), on the
  // same limiters and caches.
  // VAL-20..VAL-25: every string argument held to its rule before any resolver runs (ADR 0215).
  const inputRules = useInputRules();
  // ERR-09, SEC-06: sensitive calls once per operation and held to their windows; every client to a budget.
  const sensitiveLimits = useSensitiveLimits({ limiters, askerOf: askerOfContext });
  const budget = costBudget({
    perMinute: config.COST_BUDGET_PER_MINUTE,
    limiters,
    askerOf: askerOfContext,
    askerOfRequest: (request, server) => askerOf(request, (server as Partial<ServerContext>).req),
  });
  // CART-28: a cart change the operation read no cart after is announced once the operation has run.
  const cartEvents = useCartEvents();
  // The compiled executor: 25-45% less gateway CPU per operation than graphql-js (docs/benchmarks.md, ADR 0501).
  const compiled = useGraphQlJit();
  const errorLocations = useErrorLocations();
  const yoga = createYoga<ServerContext, GatewayContext>({
    schema,
    context,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    logging: config.NODE_ENV === 'test' ? false : createLogger({ level: config.LOG_LEVEL }),
    // No stack, upstream address or SQL in answers, in any environment; Yoga logs the original error.
    maskedErrors: { isDev: false },
    // The body limit is useBodyLimit's, from Content-Length (ADR 0201).
    maxRequestBodySize: false,
    cors: corsAllowlist(config.CORS_ORIGINS, ['content-type', 'authorization', ...CSRF_HEADERS]),
    // GraphiQL is served beside Yoga, compressed (graphiql-page.ts), when configured (SEC-09).
    graphiql: false,
    plugins: [
      ...(options.tracingPlugins ?? []),
      ...metrics.plugins({ operationNames: trusted.operationNames }),
      // SEC-09: off in production unless configured; the web and the mobile apps need no introspection.
      ...(config.INTROSPECTION === 'off' ? [useDisableIntrospection()] : []),
      useHealth({ path: HEALTH_PATH }),
      // Uploads (GraphQL multipart requests, FILE-01) may be up to 5 MB; every other body stays small.
      useBodyLimit({ maxBytes: config.MAX_BODY_BYTES, maxMultipartBytes: config.MAX_UPLOAD_BYTES }),
      // VAL-26: variables deeper than the schema takes are refused as parsed, before the cache key or metrics read
      // them.
      useVariableDepthLimit(schema),
      inputRules,
      useAuditedCsrfPrevention({ requestHeaders: CSRF_HEADERS }),
      // SEC-20..22: operations by the hash of a trusted document; in production, nothing else (ADR 0212).
      trusted.plugin,
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
      sensitiveLimits,
      budget.plugin,
      useUpstreamCookies((request) => cookies.get(request), { secure: config.https }),
      cartEvents,
      compiled,
      // CACHE-01: after the limits (a refused request is never answered from the cache either) and after the compiled
      // executor, which it wraps.
      ...(config.RESPONSE_CACHE === 'on'
        ? [
            usePublicResponseCache({
              schema,
              redis,
              redisUp: () => redisHealth.up,
              prefix: `${config.REDIS_PREFIX}:cache`,
              lookups: metrics.cache,
              exposeMetadata: config.NODE_ENV === 'development',
            }),
          ]
        : []),
      errorLocations,
    ],
  });

  // ADR 0503: operations sent by the hash of a trusted document run from a plan prepared once per hash, beside Yoga.
  // Off while tracing: the request's span is Yoga's hooks' to open and close (OPS-41).
  const hotPath: HotPath | null =
    (options.tracingPlugins?.length ?? 0) > 0 || options.hotPath === false
      ? null
      : createHotPath({
          schema,
          documents: trusted.documents,
          yoga,
          toYoga: (req, res) => yoga(req, res),
          // CACHE-01: with the response cache on, an answer it could hold, and a mutation that may invalidate one, are
          // Yoga's: the cache is one of its request hooks. A query with a root field that is not public is one it never
          // holds (its time is the least of its fields' times, read from the document whatever the variables skip: 0),
          // so the frame's and the home's queries, which ask who is browsing, take their plans.
          eligible: (operation) =>
            config.RESPONSE_CACHE === 'off' ||
            (operation.operation === 'query' &&
              operation.selectionSet.selections.some(
                (selection) =>
                  selection.kind === Kind.FIELD &&
                  // `__typename` has no time of its own: it leaves an answer of public fields cacheable.
                  !selection.name.value.startsWith('__') &&
                  PUBLIC_FIELDS[`Query.${selection.name.value}`] === undefined,
              )),
          // The budget is charged the plan's whole cost on arrival (chargePlan), so its execution hook is not here.
          executionPlugins: [inputRules, sensitiveLimits, cartEvents, compiled, errorLocations],
          context: (request, req) => context({ request, req }),
          askerOf,
          chargePlan: budget.chargePlan,
          costOf: budget.costOf,
          maxBodyBytes: config.MAX_BODY_BYTES,
          corsOrigins: new Set(config.CORS_ORIGINS),
          variableDepth: variableDepthOf(schema),
          metrics,
          cookiesOf: (request) => cookies.get(request),
          secureCookies: config.https,
          logError: (error) => yoga.logger.error(error),
        });

  const hasWeb = existsSync(join(config.WEB_DIST, 'index.html'));
  const serveWeb = hasWeb ? staticFiles(config.WEB_DIST) : null;
  const entryPath = config.WEB_SSR_ENTRY ?? `${config.WEB_DIST.replace(/\/+$/, '')}-ssr/entry-server.js`;
  const { secure, pagePolicy } = securityHeaders({
    https: config.https,
    analyticsOrigins: config.ANALYTICS_ORIGINS,
  });
  const servePage: PageHandler | null = hasWeb
    ? createPageHandler({
        templatePath: join(config.WEB_DIST, 'index.html'),
        entryPath: config.WEB_SSR === 'on' && existsSync(entryPath) ? entryPath : null,
        // The page's own request rides along: its address is the buyer's, for the limits (ADR 0207).
        // ADR 0503: a trusted document's plan answers the render's own queries as it answers them over a socket; the
        // rest (a response cache's operation, text) goes through Yoga in process.
        graphql: async (body, headers, signal, req) =>
          (await hotPath?.inProcess(body, headers, req)) ??
          (await yoga.fetch(
            `http://gateway.internal${GRAPHQL_PATH}`,
            { method: 'POST', headers, body, signal },
            { req },
          )),
        ...(hotPath ? { execute: (body, headers, req) => hotPath.executeInProcess(body, headers, req) } : {}),
        timeoutMs: config.WEB_SSR_TIMEOUT_MS,
        pagePolicy,
        log: (message, cause) => yoga.logger.warn(message, cause),
      })
    : null;

  // GraphiQL, its introspection aside, sends whatever a developer types: it is for development (SEC-09).
  const serveGraphiQL =
    config.GRAPHIQL === 'on' ? graphiqlPage({ title: '药品批发商城 GraphQL', defaultQuery: EXAMPLE_OPERATIONS }) : null;
  let draining = false;
  const ready = readiness({
    upstreamUrl: config.UPSTREAM_URL,
    secret: config.UPSTREAM_SECRET,
    secretWatch,
    redisUp: redis ? () => redisHealth.up : null,
    draining: () => draining,
  });
  const reading = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

  const handler: RequestListener = (req, res) => {
    traced(req, res);
    route(req, res);
  };
  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const answer = (kind: AnswerKind, serve: () => unknown) => {
      secure(res, kind);
      void serve();
    };
    if (path === GRAPHQL_PATH && serveGraphiQL && wantsGraphiQL(req))
      return answer('graphiql', () => serveGraphiQL(req, res));
    if (path === GRAPHQL_PATH && hotPath && req.method === 'POST')
      return answer('other', () => hotPath.handle(req, res));
    if (path === GRAPHQL_PATH || path === HEALTH_PATH) return answer('other', () => yoga(req, res));
    if (path === READY_PATH) return answer('other', () => ready(req, res));
    const file = FILE_ROUTE.exec(path);
    if (file?.[1] !== undefined && reading(req))
      return answer('file', () => relayFile(client, req, res, file[1] ?? ''));
    if (IMAGE_ROUTE.test(path) && reading(req)) return answer('file', () => images.serve(req, res, path));
    const invoice = INVOICE_PDF_ROUTE.exec(path);
    if (invoice?.[1] !== undefined && reading(req)) {
      return answer('file', () => relayInvoicePdf(client, req, res, invoice[1] ?? ''));
    }
    // ORDER-18: the order export and the monthly statement, relayed with the buyer's session.
    const exported = ORDER_EXPORT_ROUTE.exec(path);
    if (exported?.[1] !== undefined && reading(req)) {
      return answer('file', () => relayOrderExport(client, req, res, exported[1] ?? ''));
    }
    const statement = ORDER_STATEMENT_ROUTE.exec(path);
    if (statement?.[1] !== undefined && statement[2] !== undefined && reading(req)) {
      return answer('file', () => relayOrderStatement(client, req, res, statement[1] ?? '', statement[2] ?? ''));
    }
    // BATCH-08: a shipped order's delivery note, relayed with the buyer's session.
    const note = DELIVERY_NOTE_ROUTE.exec(path);
    if (note?.[1] !== undefined && reading(req)) {
      return answer('file', () => relayDeliveryNote(client, req, res, note[1] ?? ''));
    }
    // CREDIT-08: the month's credit statement, relayed with the buyer's session.
    const credit = CREDIT_STATEMENT_ROUTE.exec(path);
    if (credit?.[1] !== undefined && credit[2] !== undefined && reading(req)) {
      return answer('file', () => relayCreditStatement(client, req, res, credit[1] ?? '', credit[2] ?? ''));
    }
    // FIRST-06: first-business documents, relayed with the buyer's session.
    if (FIRST_BUSINESS_ROUTE.test(path) && reading(req)) {
      return answer('file', () => relayFirstBusinessDocuments(client, req, res));
    }
    // A page address (no file extension) is a page of the app; anything else is one of the built files.
    const page = !/\.[A-Za-z0-9]+$/.test(path);
    // SEC-25: a form sent before the page's script ran posts to the page's own address. The browser is sent back to
    // it (303: ask again with GET) to send the form once the page runs; the body is neither read nor kept.
    if (req.method === 'POST' && page && (servePage || serveWeb)) {
      return answer('other', () => {
        res.writeHead(303, { location: req.url ?? '/', 'cache-control': 'no-store', 'content-length': '0' });
        res.end();
      });
    }
    if (reading(req)) {
      if (servePage && page) return answer('page', () => servePage(req, res));
      if (serveWeb)
        return answer(page || path.endsWith('.html') ? 'page' : 'other', () => serveWeb(req, res, () => notFound(res)));
    }
    answer('other', () => notFound(res));
  };

  return {
    handler,
    yoga,
    pubsub,
    metrics,
    hotPath,
    drain: () => {
      draining = true;
    },
    close: async () => {
      await pubsub.close();
      await client.close();
      await images.close();
      redisHealth.close();
      if (redis) await closeRedis(redis);
    },
  };
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}
