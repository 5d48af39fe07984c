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
  CORS_ORIGINS: originList.default(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://localhost:5173']),
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
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Config = z.infer<typeof schema>;

/** Reads and checks the environment once; exits with a readable message when a variable is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid gateway configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** A complete configuration for tests and embedding, from defaults plus overrides. */
export function configWith(overrides: Partial<Config>): Config {
  return { ...schema.parse({}), ...overrides };
}
