// The bench's settings from the environment, read here alone (docs/adr/0003-config.md).
import { z } from 'zod';

const schema = z.object({
  // A build made with WEB_OUT_DIR=<dir> (web/vite.config.ts) under web/, as the browser tests read one.
  WEB_DIST_DIR: z
    .string()
    .regex(/^[\w.-]+$/, 'a directory name under web/')
    .default('dist'),
  // The Redis the replicas of section 10 share (a prefix of their own keeps them apart from anything else in it).
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  // Section 6 creates and drops a database of its own through this server (catalogue_bench).
  BENCH_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/postgres'),
});

export const benchConfig = schema.parse(process.env);

/** The environment for `npm run build`, writing the web where this run measures it. */
export const buildEnv: NodeJS.ProcessEnv = { ...process.env, WEB_OUT_DIR: benchConfig.WEB_DIST_DIR };

/**
 * The environment of a gateway process run as in production: React and other libraries pick their production
 * builds from the process's NODE_ENV, which the gateway's own NODE_ENV setting does not change.
 */
export const productionEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };

/** The environment of Lighthouse's command, which starts the Chromium at `chromium` (its CHROME_PATH). */
export const lighthouseEnv = (chromium: string): NodeJS.ProcessEnv => ({ ...process.env, CHROME_PATH: chromium });
