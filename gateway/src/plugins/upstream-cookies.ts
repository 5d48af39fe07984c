import type { Plugin } from 'graphql-yoga';

/**
 * Relays every cookie the upstream set while answering this request (login's session cookie, logout's expiry),
 * one header each: joining them with ", " would break cookies whose Expires holds a comma. `cookiesOf` is the
 * list the request's upstream session filled.
 */
export function useUpstreamCookies(cookiesOf: (request: Request) => readonly string[] | undefined): Plugin {
  return {
    onResponse({ request, response }) {
      // Answers differ by Origin (CORS allowlist), so caches must key on it.
      response.headers.append('vary', 'Origin');
      for (const cookie of cookiesOf(request) ?? []) response.headers.append('set-cookie', cookie);
    },
  };
}
