import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Empty strings in the environment mean "not set", as they do in most shells' `VAR= cmd` habits.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  UPSTREAM_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  SMS_TRANSPORT: optional(z.enum(['log', 'none'])),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin used to build absolute image addresses, without a trailing slash. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Session lifetime; also the login cookie's Max-Age (docs/rest-api.md pins 604800). */
  sessionTtlSeconds: number;
  /** Largest accepted request body; the biggest real body is a cart add of a few dozen lines. */
  bodyLimitBytes: number;
  /**
   * How verification codes reach the buyer: `log` writes them to the server log (a development transport, so that
   * registration works on one machine without an SMS account); `none` refuses to send (40032).
   */
  smsTransport: 'log' | 'none';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid upstream configuration:\n${lines}`);
  }
  const e = parsed.data;
  const port = e.UPSTREAM_PORT ?? 4010;
  return {
    port,
    dataDir: path.resolve(repoRoot, e.DATA_DIR ?? '.data'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL ?? 'info',
    sessionTtlSeconds: 604800,
    bodyLimitBytes: 64 * 1024,
    smsTransport: e.SMS_TRANSPORT ?? 'log',
  };
}
