import type { ServerResponse } from 'node:http';

/** What is answered: a page of the app, GraphiQL, a file a buyer uploaded, or anything else (GraphQL, assets). */
export type AnswerKind = 'page' | 'graphiql' | 'file' | 'other';

export interface SecurityOptions {
  /** Buyers reach the site over TLS: browsers are told to keep to it (HSTS). */
  https: boolean;
  /** Origins pictures may come from besides the site (the upstream's image address, a CDN). */
  imageOrigins: readonly string[];
  /** Origins of a configured analytics script (SHELL-18), which loads a script and sends beacons. */
  analyticsOrigins: readonly string[];
}

/**
 * SEC-07: the headers every answer carries, written before the answer's own so each route keeps its content
 * headers. Pages get a Content-Security-Policy that runs no inline script (the server's data travels as JSON
 * elements, ADR 0310), and no page of the site may be framed by another site.
 */
export function securityHeaders(options: SecurityOptions): (res: ServerResponse, kind: AnswerKind) => void {
  const sources = (...list: readonly string[]) => list.join(' ');
  const policies: Record<AnswerKind, string> = {
    page: [
      "default-src 'self'",
      `script-src ${sources("'self'", ...options.analyticsOrigins)}`,
      // Fluent UI's styles are inserted at run time (Griffel) and server-rendered as <style> elements.
      "style-src 'self' 'unsafe-inline'",
      `img-src ${sources("'self'", 'data:', 'blob:', ...options.imageOrigins)}`,
      "font-src 'self' data:",
      `connect-src ${sources("'self'", ...options.analyticsOrigins)}`,
      // The side bar's chat (SHELL-08) is an outside service whose address the site's settings give.
      "frame-src 'self' https:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
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
  return (res, kind) => {
    res.setHeader('content-security-policy', policies[kind]);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    // For browsers that predate frame-ancestors. Files may be shown in the site's own frames (a PDF preview).
    res.setHeader('x-frame-options', kind === 'file' ? 'SAMEORIGIN' : 'DENY');
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    if (options.https) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
}
