import type { Plugin } from 'graphql-yoga';

/**
 * Readiness at `path`: ready once the schema is built and the server listens; upstream health shows per field
 * (ADR 0201), so this never calls the upstream.
 */
export function useHealth({ path = '/healthz' }: { path?: string } = {}): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== path) return;
      endResponse(
        new fetchAPI.Response('{"status":"ok"}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        }),
      );
    },
  };
}
