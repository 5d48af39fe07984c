import type { Plugin } from 'graphql-yoga';

/**
 * Relays every cookie the upstream set while answering this request (login's session cookie, logout's expiry),
 * one header each: joining them with ", " would break cookies whose Expires holds a comma. `cookiesOf` is the
 * list the request's upstream session filled.
 *
 * An answer that carries an error carries no cookie (SEC-05): with aliases one request may hold twenty logins, and
 * a session opened by the one right password must not ride out on an answer that reports the nineteen wrong ones.
 */
export function useUpstreamCookies(
  cookiesOf: (request: Request) => readonly string[] | undefined,
  options: { secure: boolean } = { secure: false },
): Plugin {
  // SEC-04: over TLS the session cookie is Secure whatever the upstream thinks its own address is.
  const relayed = (cookie: string) => (options.secure && !/;\s*secure\b/i.test(cookie) ? `${cookie}; Secure` : cookie);
  const failed = new WeakSet<Request>();
  return {
    onExecutionResult({ request, result }) {
      if (result !== undefined && 'errors' in result && (result.errors?.length ?? 0) > 0) failed.add(request);
    },
    onResponse({ request, response }) {
      // Answers differ by Origin (CORS allowlist), so caches must key on it.
      response.headers.append('vary', 'Origin');
      if (failed.has(request)) return;
      for (const cookie of cookiesOf(request) ?? []) response.headers.append('set-cookie', relayed(cookie));
    },
  };
}
