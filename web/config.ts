import { loadEnv } from 'vite';
import * as z from 'zod/mini';

/**
 * The one place that checks the web's build-time environment. Vite calls it while building and testing
 * (vite.config.ts, vitest.config.ts), so a wrong variable fails the build instead of a buyer's first page load, and
 * the bundle carries only the checked values (src/config.ts), not a validator (ADR 0003).
 */
export function parseWebConfig(env: Readonly<Record<string, string | undefined>>) {
  const schema = z.object({
    VITE_GRAPHQL_URL: z._default(z.string().check(z.minLength(1)), '/graphql'),
    VITE_SITE_TITLE: z._default(z.string().check(z.minLength(1)), '药采网'),
    // INFO-08: the default is the upstream's default seller (DEMO_SELLER in upstream/src/config.ts), so that a demo's
    // footer names the company its contract, transfer payee and invoices name; `Query.seller` is that name as the
    // upstream is configured, which the footer is to read instead of this build-time constant.
    VITE_COMPANY_NAME: z._default(z.string().check(z.minLength(1)), '药采通医药科技有限公司（演示）'),
    // SHELL-18: the visitor-statistics script (an https address, its site id in it); unset or empty, none loads.
    VITE_ANALYTICS_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https$/ })])),
    // ROUTE-03: where /eleven_index leaves for (the group's main site); unset, this marketplace is the main site.
    VITE_MAIN_SITE_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
    // React's StrictMode renders each component twice and runs each effect twice, in development builds only (a
    // production build ignores it). `off` is for the hydration suite's development build (ADR 0225), which needs
    // React's named mismatch warnings but not its purity checks (a sixth of that suite's work).
    VITE_STRICT_MODE: z._default(z.enum(['on', 'off']), 'on'),
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid web configuration:\n${z.prettifyError(parsed.error)}`);
  return {
    graphqlUrl: parsed.data.VITE_GRAPHQL_URL,
    siteTitle: parsed.data.VITE_SITE_TITLE,
    companyName: parsed.data.VITE_COMPANY_NAME,
    analyticsUrl: parsed.data.VITE_ANALYTICS_URL || null,
    mainSiteUrl: parsed.data.VITE_MAIN_SITE_URL || null,
    strictMode: parsed.data.VITE_STRICT_MODE === 'on',
  } as const;
}

export type WebConfig = ReturnType<typeof parseWebConfig>;

/** The checked settings of a build: .env files and VITE_ variables. */
export function webConfigFor(mode: string, root: string): WebConfig {
  return parseWebConfig(loadEnv(mode, root, 'VITE_'));
}

/** Vite's `define` entry that puts the checked settings into the bundle. */
export function webConfigDefine(config: WebConfig): Record<string, string> {
  return { __WEB_CONFIG__: JSON.stringify(config) };
}
