import type { ServerResponse } from 'node:http';

/** What is answered: a page of the app, GraphiQL, a file a buyer uploaded, or anything else (GraphQL, assets). */
export type AnswerKind = 'page' | 'graphiql' | 'file' | 'other';

export interface SecurityOptions {
  /** Buyers reach the site over TLS: browsers are told to keep to it (HSTS). */
  https: boolean;
  /** Origins of a configured analytics script (SHELL-18), which loads a script and sends beacons. */
  analyticsOrigins: readonly string[];
}

/**
 * The page policy with the hashes of the inline scripts a server-rendered page carries (React's few lines that put
 * streamed parts in place): those run, no other inline script does. Hashes rather than nonces, so a visitor's page
 * may still be reused from a cache (ADR 0208).
 */
export type PagePolicy = (inlineScriptHashes: readonly string[]) => string;

/**
 * SEC-07: the headers every answer carries, written before the answer's own so each route keeps its content
 * headers. Pages get a Content-Security-Policy that runs no inline script (the server's data travels as JSON
 * elements, ADR 0310), and no page of the site may be framed by another site.
 */
export function securityHeaders(options: SecurityOptions): {
  secure: (res: ServerResponse, kind: AnswerKind) => void;
  pagePolicy: PagePolicy;
} {
  const sources = (...list: readonly string[]) => list.join(' ');
  const pagePolicy: PagePolicy = (hashes) =>
    [
      "default-src 'self'",
      `script-src ${sources("'self'", ...hashes.map((hash) => `'sha256-${hash}'`), ...options.analyticsOrigins)}`,
      // Fluent UI's styles are inserted at run time (Griffel) and server-rendered as <style> elements.
      "style-src 'self' 'unsafe-inline'",
      // Pictures come from the upstream's address and from whatever addresses operators give banners and goods;
      // a picture cannot run script, so any source may serve one.
      'img-src * data: blob:',
      "font-src 'self' data:",
      `connect-src ${sources("'self'", ...options.analyticsOrigins)}`,
      // The side bar's chat (SHELL-08) is an outside service whose address the site's settings give.
      "frame-src 'self' https:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  const policies: Record<AnswerKind, string> = {
    page: pagePolicy([]),
    // GraphiQL's single page carries its own inline scripts and styles; what it may not do is be framed or send
    // anything anywhere but here.
    graphiql: [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    // A buyer's upload (a licence scan, a PDF) is shown, never run: a file that is secretly HTML or SVG with a
    // script stays inert.
    file: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    other: "default-src 'none'; frame-ancestors 'none'",
  };
  const secure = (res: ServerResponse, kind: AnswerKind) => {
    res.setHeader('content-security-policy', policies[kind]);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    // For browsers that predate frame-ancestors. Files may be shown in the site's own frames (a PDF preview).
    res.setHeader('x-frame-options', kind === 'file' ? 'SAMEORIGIN' : 'DENY');
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    if (options.https) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
  return { secure, pagePolicy };
}
