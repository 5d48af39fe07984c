import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Rendered {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * GraphiQL (SEC-09), served by the gateway instead of by Yoga: its page carries GraphiQL's whole bundle (about 9 MB),
 * so it is rendered and compressed once, then sent compressed (about a tenth) and revalidated by ETag rather than
 * downloaded again.
 */
export function graphiqlPage(options: { title: string; defaultQuery: string }) {
  let rendered: Promise<Rendered> | undefined;
  const render = async (): Promise<Rendered> => {
    const html = Buffer.from(await renderGraphiQL({ title: options.title, defaultQuery: options.defaultQuery }));
    const [br, gz] = await Promise.all([
      brotli(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
      gzipped(html, { level: 6 }),
    ]);
    return {
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      identity: html,
      br,
      gzip: gz,
    };
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const page = await (rendered ??= render());
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=300',
      etag: page.etag,
      vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? (['br', page.br] as const)
      : /\bgzip\b/.test(accepted)
        ? (['gzip', page.gzip] as const)
        : ([null, page.identity] as const);
    res.writeHead(200, {
      ...headers,
      'content-length': String(body.length),
      ...(encoding === null ? {} : { 'content-encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** A browser asking for /graphql wants GraphiQL; any other client wants GraphQL (as Yoga decides it). */
export const wantsGraphiQL = (req: IncomingMessage): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && String(req.headers.accept ?? '').includes('text/html');
