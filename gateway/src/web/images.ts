/**
 * OPS-21: the catalogue's pictures at the gateway's own address. The upstream writes picture addresses as
 * `${PUBLIC_URL}/api/images/...`; with PUBLIC_URL set to the address buyers use (the gateway's, or the proxy's in
 * front of it), those requests arrive here and are streamed from the upstream, so one PUBLIC_URL serves pages,
 * GraphQL and pictures and the upstream's port stays private (SEC-15).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';
import { plainText } from '../relay';

/**
 * Only the upstream's picture addresses (the `/api/images/...` paths of its REST description, which
 * images.test.ts holds this to): nothing else is relayed, so this is no open proxy.
 */
export const IMAGE_ROUTE =
  /^\/api\/images\/(?:(?:goods|banner|brand|prize|report|nav|points)\/[1-9]\d{0,9}|social-qr)\.svg$/;

/** A picture is small and drawn from a row: one slower than this is a stalled upstream, not a big file. */
const IMAGE_TIMEOUT_MS = 10_000;

/** What the browser's and any proxy's caches need, passed through as the upstream wrote them. */
const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified', 'expires'];
/** Conditional requests pass the other way, so a revalidation answers 304 without a body. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since'];

export interface ImageRelay {
  serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  close(): Promise<void>;
}

export function imageRelay(options: {
  upstreamUrl: string;
  timeoutMs: number;
  /** SEC-16: sent although pictures are public upstream, so a stricter upstream still answers. */
  secret?: string | undefined;
  log: (message: string, cause: unknown) => void;
}): ImageRelay {
  const timeout = Math.min(options.timeoutMs, IMAGE_TIMEOUT_MS);
  const pool = new Pool(options.upstreamUrl, { connections: 16, headersTimeout: timeout, bodyTimeout: timeout });
  return {
    async serve(req, res, path) {
      const headers: Record<string, string> = {};
      for (const name of [...CONDITIONAL_HEADERS, 'x-request-id', 'traceparent']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      if (options.secret !== undefined) headers['x-gateway-secret'] = options.secret;
      let answer;
      try {
        answer = await pool.request({ path, method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers });
      } catch (error) {
        options.log(`picture ${path} not fetched from the upstream`, error);
        return plainText(res, 502, '图片暂时无法加载，请稍候再试');
      }
      if (answer.statusCode !== 200 && answer.statusCode !== 304) {
        await answer.body.dump();
        return plainText(
          res,
          answer.statusCode === 404 ? 404 : 502,
          answer.statusCode === 404 ? '图片不存在' : '图片暂时无法加载，请稍候再试',
        );
      }
      const passed: Record<string, string> = { 'x-content-type-options': 'nosniff' };
      for (const name of PASSED_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') passed[name] = value;
      }
      res.writeHead(answer.statusCode, passed);
      try {
        await pipeline(answer.body, res);
      } catch (error) {
        // The buyer left, or the upstream stopped mid-picture: the connection is closed either way.
        if (!res.destroyed) options.log(`picture ${path} cut short`, error);
      }
    },
    close: () => pool.close(),
  };
}
