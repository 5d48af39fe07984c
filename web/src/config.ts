import * as z from 'zod/mini';

// The one place that reads the build-time environment; everything else imports `config`.
const schema = z.object({
  VITE_GRAPHQL_URL: z._default(z.string().check(z.minLength(1)), '/graphql'),
  VITE_SITE_TITLE: z._default(z.string().check(z.minLength(1)), '药采网'),
  VITE_COMPANY_NAME: z._default(z.string().check(z.minLength(1)), '药采网医药电子商务有限公司'),
});

const parsed = schema.safeParse(import.meta.env);
if (!parsed.success) {
  // A wrong build variable should stop the build's first page load loudly rather than half-work.
  throw new Error(`Invalid web configuration:\n${z.prettifyError(parsed.error)}`);
}

export const config = {
  graphqlUrl: parsed.data.VITE_GRAPHQL_URL,
  siteTitle: parsed.data.VITE_SITE_TITLE,
  companyName: parsed.data.VITE_COMPANY_NAME,
} as const;
