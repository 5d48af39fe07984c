import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import qs from 'qs';
import { parse as parseYaml } from 'yaml';
import { ZodError } from 'zod';
import { Code, SUCCESS } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import { payloadTooLargeText } from '@pharma/domain/text';
import { paymentsOf, type Config } from './config';
import type { Db } from './db/db';
import { audit } from './lib/audit';
import { requireGatewaySecret } from './lib/gateway';
import { ApiError, fieldsOf, type Envelope } from './lib/http';
import { registerTextGuard } from './lib/text-guard';
import { Limits, TooManyAttempts } from './lib/limits';
import { loggerOptions, type LogDestination } from './lib/log';
import { PaymentProviders, type PaymentProvider } from './lib/payments';
import type { UpstreamTracing } from './lib/tracing';
import { configuredSender, type SmsSender } from './lib/sms';
import { addressRoutes } from './areas/addresses/routes';
import { cartRoutes } from './areas/cart/routes';
import { couponRoutes } from './areas/coupons/routes';
import { drawRoutes } from './areas/draw/routes';
import { catalogueRoutes } from './areas/catalogue/routes';
import { favoriteRoutes } from './areas/favorites/routes';
import { fileRoutes } from './areas/files/routes';
import { qualificationRoutes } from './areas/qualifications/routes';
import { promotionRoutes } from './areas/promotions/routes';
import { focusRoutes } from './areas/focus/routes';
import { articleRoutes } from './areas/articles/routes';
import { imageRoutes } from './areas/images/routes';
import { inspectionRoutes } from './areas/inspection/routes';
import { orderRoutes } from './areas/orders/routes';
import { orderExportRoutes } from './areas/order-export/routes';
import { batchRoutes } from './areas/batches/routes';
import { quickBuyRoutes } from './areas/quick-buy/routes';
import { reorderRoutes } from './areas/reorder/routes';
import { compareRoutes } from './areas/compare/routes';
import { paymentRoutes } from './areas/payments/routes';
import { configuredProviders } from './areas/payments/providers';
import { returnRoutes } from './areas/returns/routes';
import { requestRoutes } from './areas/requests/routes';
import { campaignRoutes } from './areas/campaigns/routes';
import { adminRoutes } from './areas/admin/routes';
import { registrationRoutes } from './areas/registration/routes';
import { payPasswordRoutes } from './areas/pay-password/routes';
import { userRoutes } from './areas/user/routes';
import { walletRoutes } from './areas/wallet/routes';
import { messageRoutes } from './areas/messages/routes';
import { storeRoutes } from './areas/stores/routes';
import { wechatRoutes } from './areas/wechat/routes';
import { invoiceRoutes } from './areas/invoices/routes';
import { invoiceTitleRoutes } from './areas/invoice-titles/routes';
import { creditRoutes } from './areas/credit/routes';
import { firstBusinessRoutes } from './areas/first-business/routes';
import { purchaseListRoutes } from './areas/purchase-list/routes';
import { pointsMallRoutes } from './areas/points-mall/routes';
import { contractRoutes } from './areas/contracts/routes';

export const OPENAPI_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

// Parsed on the first request for it and kept for the process: parsing the 3,500-line description took about a
// second of every app's start (each test file's app, each marketplace of the browser suites) to serve a document
// that tools fetch now and then.
let openapiDocument: unknown;
const openapi = (): unknown => (openapiDocument ??= parseYaml(readFileSync(OPENAPI_PATH, 'utf8')));

// Bracket notation as the old client sent it (params[0][goods_id]=12, ids[]=4). The limits keep a hostile body
// from building huge arrays or deep objects: indices past arrayLimit become object keys, which validation refuses.
export const QS_OPTIONS: qs.IParseOptions = { depth: 5, arrayLimit: 500, parameterLimit: 2000 };
const parseQs = (s: string) => qs.parse(s, QS_OPTIONS);

/** The `:id` of a route's path, as the buyer wrote it (digits only: anything else never named a record). */
function recordIdIn(params: unknown): string | undefined {
  const id = typeof params === 'object' && params !== null ? Reflect.get(params, 'id') : undefined;
  return typeof id === 'string' && /^\d{1,12}$/.test(id) ? id : undefined;
}

function envelope(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data };
}

/** Messages for the framework's own client errors, which must not leak its English wording. */
function clientErrorMessage(status: number): string {
  switch (status) {
    case 415:
      return '不支持的提交格式';
    case 404:
      return '接口不存在';
    default:
      return '请求格式不正确';
  }
}

export interface CreateAppOptions {
  db: Db;
  config: Config;
  /** Told of every route as it is registered (the OpenAPI test compares them with openapi.yaml). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Providers of payment methods other than the balance; by default those the configuration opens (PAY-02). */
  paymentProviders?: readonly PaymentProvider[];
  /** The lucky draw's random source, 0 <= n < maxExclusive; crypto.randomInt by default, fixed by tests. */
  drawRandom?: (maxExclusive: number) => number;
  /** Delivers verification codes instead of the one SMS_TRANSPORT chooses (tests record the codes). */
  smsSender?: SmsSender;
  /** Request spans (OPS-42), given by main.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set; absent, nothing is traced. */
  tracing?: Pick<UpstreamTracing, 'register'>;
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: LogDestination;
}

export function createApp({
  db,
  config,
  onRoute,
  paymentProviders,
  drawRandom = (maxExclusive) => randomInt(maxExclusive),
  smsSender,
  logDestination,
  tracing,
}: CreateAppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logDestination),
    // A log line per request costs more than a goods detail answer; request logs are for debugging.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { querystringParser: parseQs },
    // The gateway's request id (OPS-06): a buyer's request reads as one story across both services' logs.
    requestIdHeader: 'x-request-id',
  });
  // OPS-42: first of the hooks, so that a request refused by any other still has its span.
  tracing?.register(app);
  if (onRoute !== undefined) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));

  app.register(formbody, { parser: parseQs, bodyLimit: config.bodyLimitBytes });
  // VAL-20, VAL-23: every route's strings, before its own validation (ADR 0215).
  registerTextGuard(app);

  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof TooManyAttempts) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      const event = error.rule.startsWith('login') ? 'login.locked' : 'limit.refused';
      audit(request.log, event, { rule: error.rule, retryAfterSeconds: error.retryAfterSeconds, address: request.ip });
    }
    // SEC-01, SEC-24: a record id named in the path that is unknown or another company's (one answer for both).
    if (error instanceof ApiError && error.status === 404 && error.code === Code.NOT_FOUND) {
      const id = recordIdIn(request.params);
      if (id !== undefined) audit(request.log, 'record.refused', { route: request.routeOptions.url, id });
    }
    if (error instanceof ApiError) {
      return reply.status(error.status).send(envelope(error.code, error.message, error.data));
    }
    if (error instanceof ZodError) {
      const fields = fieldsOf(error);
      return reply
        .status(422)
        .send(envelope(Code.FORM_ERROR, Object.values(fields)[0]?.[0] ?? Wording.formInvalid, fields));
    }
    if (error.validation !== undefined) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fields[key] ??= []).push(v.message ?? '格式不正确');
      }
      return reply
        .status(422)
        .send(envelope(Code.FORM_ERROR, Object.values(fields)[0]?.[0] ?? Wording.formInvalid, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // ERR-20: the limit of this route (feedback's is larger), in the answer and in Chinese.
      const limit = request.routeOptions.bodyLimit ?? config.bodyLimitBytes;
      return reply.status(413).send(envelope(413, payloadTooLargeText(limit), { limit_bytes: limit }));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(envelope(status, clientErrorMessage(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(Code.SERVER_ERROR, Wording.busy));
  });

  if (config.gatewaySecret !== undefined) requireGatewaySecret(app, config.gatewaySecret);

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(Code.NOT_FOUND, '接口不存在')));

  app.get('/healthz', async (_request, reply) => {
    await db.query('SELECT 1');
    return reply.send(envelope(SUCCESS, 'ok', { status: 'ready' }));
  });
  // The description is a document for tools, not an API answer, so it is served without the envelope.
  app.get('/api/openapi.json', async () => openapi());

  const ctx = {
    db,
    config,
    payments: new PaymentProviders(
      paymentProviders ?? configuredProviders(paymentsOf(config)),
      paymentsOf(config).bankAccount,
    ),
    drawRandom,
    sms: smsSender ?? configuredSender(config, app.log),
    limits: new Limits(),
  };
  userRoutes(app, ctx);
  registrationRoutes(app, ctx);
  payPasswordRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  focusRoutes(app, ctx);
  articleRoutes(app, ctx);
  favoriteRoutes(app, ctx);
  promotionRoutes(app, ctx);
  cartRoutes(app, ctx);
  addressRoutes(app, ctx);
  walletRoutes(app, ctx);
  couponRoutes(app, ctx);
  drawRoutes(app, ctx);
  orderRoutes(app, ctx);
  orderExportRoutes(app, ctx);
  batchRoutes(app, ctx);
  quickBuyRoutes(app, ctx);
  reorderRoutes(app, ctx);
  compareRoutes(app, ctx);
  paymentRoutes(app, ctx);
  returnRoutes(app, ctx);
  requestRoutes(app, ctx);
  campaignRoutes(app, ctx);
  adminRoutes(app, ctx);
  imageRoutes(app, ctx);
  inspectionRoutes(app, ctx);
  fileRoutes(app, ctx);
  qualificationRoutes(app, ctx);
  messageRoutes(app, ctx);
  storeRoutes(app, ctx);
  wechatRoutes(app, ctx);
  invoiceRoutes(app, ctx);
  invoiceTitleRoutes(app, ctx);
  creditRoutes(app, ctx);
  firstBusinessRoutes(app, ctx);
  purchaseListRoutes(app, ctx);
  pointsMallRoutes(app, ctx);
  contractRoutes(app, ctx);
  return app;
}
