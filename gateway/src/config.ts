import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0),
  )
  .pipe(z.array(z.url()));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  UPSTREAM_URL: z.url().default('http://127.0.0.1:4010'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  // OPS-05: how long a read (GET) waits for the upstream, at most UPSTREAM_TIMEOUT_MS: a page that has not answered in
  // 10 s is lost to the buyer anyway, and a stalled upstream opens the circuit a third as late.
  UPSTREAM_READ_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // SEC-16: the upstream's shared secret, sent with every call; set it on both or neither.
  UPSTREAM_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'UPSTREAM_SECRET 至少32个字符').optional(),
  ),
  // Origins allowed to call /graphql with credentials from another site. Unset: the development servers in
  // development, none in production (the web is served by the gateway itself, so it needs none) (SEC-08).
  CORS_ORIGINS: originList.optional(),
  WEB_DIST: z.string().min(1).default(`${repoRoot}web/dist`),
  // The web's server entry (ADR 0310); unset, the one `npm run build -w web` writes beside WEB_DIST.
  WEB_SSR_ENTRY: z.string().min(1).optional(),
  // `on` renders pages on the server (ADR 0310); `off` sends every page as the client-rendered shell.
  WEB_SSR: z.enum(['on', 'off']).default('on'),
  // A page not rendered within this time is sent as the client-rendered shell instead, and the log says so.
  WEB_SSR_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  // GraphQL documents are small; a large body is an attack, not a query.
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024),
  // A GraphQL multipart request carrying one upload: the upstream's 5 MB file limit (FILE-01) plus the form around it.
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024 + 64 * 1024),
  // SEC-21: `only` runs nothing but trusted documents (by hash); `allow` also runs any text, as GraphiQL sends it.
  // Unset: `only` in production, `allow` otherwise (plugins/trusted-documents.ts).
  TRUSTED_DOCUMENTS: z.enum(['allow', 'only']).optional(),
  // SEC-22: manifests published for mobile app versions, `*.json` as `{ "<sha256 hex>": "<document>" }`, loaded at
  // start beside the web build's own (WEB_DIST/persisted-documents.json).
  PERSISTED_DOCUMENTS_DIR: z.string().min(1).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Shared state for every replica (rate limits, response cache, subscription events); unset, each process keeps its
  // own and `npm start` needs nothing.
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^rediss?$/ }).optional()),
  // CACHE-01: public answers reused for their time; `off` asks the upstream every time (to compare, or to rule the
  // cache out while looking into a stale answer).
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  // Starts every key and channel the gateway uses in Redis: deployments (and test runs) sharing one Redis stay apart.
  REDIS_PREFIX: z.string().min(1).default('gw'),
  // How long a Redis command may take before the gateway goes on without it (limits counted by this process alone,
  // the cache skipped): a buyer must not wait on a shared store that is slow. Longer for a Redis across a network.
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(250),
  // The proxies in front of the gateway whose X-Forwarded-For is believed (proxy-addr's list: addresses, CIDR
  // ranges, `loopback`, `uniquelocal`); unset, the buyer's address is the connection's own (ADR 0207).
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    ),
  // What one session may spend per minute, in graphql-armor's cost units (ERR-09); an address ten times that. The
  // dearest web operations (a cart change, placing an order) cost about 800: seventy a minute is no person's pace.
  COST_BUDGET_PER_MINUTE: z.coerce.number().int().positive().default(60000),
  // GraphiQL at /graphql and schema introspection: on in development, off in production unless turned on (SEC-09).
  GRAPHIQL: z.enum(['on', 'off']).optional(),
  INTROSPECTION: z.enum(['on', 'off']).optional(),
  // The address buyers use; https turns on HSTS and Secure cookies (SEC-07).
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Origins a configured analytics script (SHELL-18) loads from and reports to: the Content-Security-Policy allows
  // scripts from these and the site itself, nothing else (SEC-07).
  ANALYTICS_ORIGINS: originList.default([]),
  // JSON log lines at this level and above (OPS-06).
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // How long a stopping gateway lets requests in flight finish before it closes what is left.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10000),
  // OPS-40: an OTLP/HTTP collector's base address (spans go to …/v1/traces); unset, no tracing code is loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT 应为http(s)地址' }).optional(),
  ),
  // OPS-40: the name the gateway's spans carry.
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('pharma-gateway'),
});

const DEVELOPMENT_ORIGINS = ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://localhost:5173'];

/** The defaults that differ in production (SEC-07..SEC-09): a development start stays as open as it was. */
function derive(env: z.output<typeof schema>) {
  const production = env.NODE_ENV === 'production';
  return {
    ...env,
    CORS_ORIGINS: env.CORS_ORIGINS ?? (production ? [] : DEVELOPMENT_ORIGINS),
    GRAPHIQL: env.GRAPHIQL ?? (production ? 'off' : 'on'),
    INTROSPECTION: env.INTROSPECTION ?? (production ? 'off' : 'on'),
    // Buyers reach the site over TLS (HSTS, Secure cookies): what PUBLIC_URL says, else assumed in production only.
    https: env.PUBLIC_URL === undefined ? production : env.PUBLIC_URL.startsWith('https:'),
  };
}

const config = schema.transform(derive);

export type Config = z.output<typeof config>;

/** Reads and checks the environment once; exits with a readable message when a variable is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = config.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid gateway configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** A complete configuration for tests and embedding, from defaults plus overrides. */
export function configWith(overrides: Partial<Config>): Config {
  return { ...derive({ ...schema.parse({}), ...overrides }), ...overrides };
}
