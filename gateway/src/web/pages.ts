import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { isServerEntry, type ServerEntry, type ServerRenderResult } from '@pharma/domain/server-render';
import type { PagePolicy } from './security-headers';
import type { InProcessResult } from '../hot-path';

/** What the page renderer needs from the gateway around it. */
export interface PageOptions {
  /** The built web's index.html: the template every page is written into, and the client-rendered shell. */
  templatePath: string;
  /** The web's server entry (web/dist-ssr/entry-server.js); absent, every page is the client-rendered shell. */
  entryPath: string | null;
  /** Runs one GraphQL request through this gateway, as the browser would send it with these headers. */
  graphql: (body: string, headers: Headers, signal: AbortSignal, req: IncomingMessage) => Promise<Response>;
  /**
   * Runs one request from a trusted document's plan with the body as an object (ADR 0503): a success as its result
   * and the cookies it sets, anything else as a Response; undefined when the request is not planned.
   */
  execute?: (
    body: Record<string, unknown>,
    headers: Headers,
    req: IncomingMessage,
  ) => Promise<InProcessResult | undefined>;
  /** How long a page may take before the shell is sent instead. */
  timeoutMs: number;
  /** The Content-Security-Policy of a page whose inline scripts have these hashes (SEC-07). */
  pagePolicy: PagePolicy;
  log: (message: string, cause?: unknown) => void;
}

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A page with a buyer's session is that buyer's alone; a visitor's page may be reused briefly (ADR 0310). */
const PRIVATE = 'private, no-store';
const PUBLIC = 'public, max-age=30, stale-while-revalidate=30';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const APP_OUTLET = /<!--app-->[\s\S]*<!--\/app-->/;
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;

/**
 * Pages rendered on the server through the web's own routes and queries (ADR 0310): the HTML names what the buyer
 * sees before any script runs. When rendering fails or takes too long, the buyer gets the client-rendered shell,
 * which loads the same page in the browser, and the log says why.
 */
export function createPageHandler(options: PageOptions): PageHandler {
  const template = readFileSync(options.templatePath, 'utf8');
  // A web build whose index.html has no outlet (one made before server rendering) is sent as it is, for the browser
  // to render: never blank, and the log says why.
  const entryPath = APP_OUTLET.test(template) ? options.entryPath : null;
  if (entryPath === null && options.entryPath !== null) {
    options.log(`server rendering is off: ${options.templatePath} has no <!--app--> outlet`);
  }
  let entry: Promise<ServerEntry | null> | undefined;
  const loadEntry = () => (entry ??= entryPath === null ? Promise.resolve(null) : importEntry(entryPath));

  const shell = (res: ServerResponse, method: string | undefined) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(method === 'HEAD' ? undefined : template);
  };

  return async (req, res) => {
    const renderer = await loadEntry().catch((error: unknown) => {
      options.log('server rendering is off: the web server entry did not load', error);
      return null;
    });
    if (renderer === null) {
      shell(res, req.method);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no page within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const cookie = headerOf(req, 'cookie');
    const authorization = headerOf(req, 'authorization');
    const setCookies: string[] = [];
    const headers = () => {
      const sent = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
      if (cookie !== null) sent.set('cookie', cookie);
      if (authorization !== null) sent.set('authorization', authorization);
      // OPS-06: the page's own request id and trace, on every query it makes.
      for (const name of ['x-request-id', 'traceparent']) {
        const value = headerOf(req, name);
        if (value !== null) sent.set(name, value);
      }
      return sent;
    };
    const { execute } = options;
    try {
      const started = performance.now();
      const result = await renderer.render({
        url: `${protocolOf(req)}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`,
        cookie,
        signal: controller.signal,
        graphql: async (body) => {
          const response = await options.graphql(body, headers(), controller.signal, req);
          setCookies.push(...response.headers.getSetCookie());
          return response;
        },
        ...(execute === undefined
          ? {}
          : {
              execute: async (body: Record<string, unknown>) => {
                const answer = await execute(body, headers(), req);
                if (answer?.kind === 'result') setCookies.push(...answer.cookies);
                if (answer?.kind === 'response') setCookies.push(...answer.response.headers.getSetCookie());
                return answer?.kind === 'result' ? { kind: 'result' as const, result: answer.result } : answer;
              },
            }),
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      const personal = cookie !== null || authorization !== null || setCookies.length > 0;
      await send(req, res, result, template, options.pagePolicy, {
        'cache-control': personal ? PRIVATE : PUBLIC,
        // The same address answers a visitor and a buyer differently.
        vary: 'Cookie, Authorization, Accept-Encoding',
        ...(setCookies.length > 0 ? { 'set-cookie': setCookies } : {}),
        // For whoever looks at a slow page (the browser's developer tools show it): what the rendering cost, and
        // whether a part made the page render again for data its route's loader did not fetch (ADR 0310).
        ...(result.kind === 'page'
          ? {
              'server-timing': `render;dur=${(performance.now() - started).toFixed(1)};desc="${result.passes} pass${result.waited.length > 0 ? `; waited for ${result.waited.join(', ')}` : ''}"`,
            }
          : {}),
      });
    } catch (error) {
      options.log(`server rendering of ${req.url ?? '/'} failed; sent the client-rendered shell`, error);
      if (!res.headersSent) shell(res, req.method);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function importEntry(path: string): Promise<ServerEntry> {
  const module: unknown = await import(pathToFileURL(path).href);
  if (!isServerEntry(module)) throw new Error(`${path} exports no render function`);
  return module;
}

/** Behind a TLS-terminating proxy the buyer's address is https: links to the site itself must compare equal. */
function protocolOf(req: IncomingMessage): 'http' | 'https' {
  return headerOf(req, 'x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  result: ServerRenderResult,
  template: string,
  pagePolicy: PagePolicy,
  headers: Record<string, string | string[]>,
): Promise<void> {
  if (result.kind === 'redirect') {
    res.writeHead(result.status, { ...headers, location: result.location });
    res.end();
    return;
  }
  const html = template
    .replace(TEMPLATE_TITLE, '')
    // Functions as replacements: a `$` in a goods name must stay a `$`, not a replacement pattern.
    .replace('</head>', () => `${result.head}</head>`)
    .replace(APP_OUTLET, () => result.body)
    .replace('</body>', () => `${result.data}</body>`);
  // A page's HTML is 100-250 KB of markup and styles that compress about tenfold: on a slow phone network that is
  // the difference between the first paint and waiting. Brotli at a quality that costs a few milliseconds.
  const accepted = headerOf(req, 'accept-encoding') ?? '';
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? ['br', await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]
    : /\bgzip\b/.test(accepted)
      ? ['gzip', await gzipped(html)]
      : [null, Buffer.from(html)];
  res.writeHead(result.status, {
    ...headers,
    'content-security-policy': pagePolicy(inlineScriptHashes(html)),
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    ...(encoding === null ? {} : { 'content-encoding': encoding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// A script element without `src` whose type runs (none, or a JavaScript type): not the JSON hand-overs.
const INLINE_SCRIPT = /<script((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g;
const RUNS = /^(?:text\/javascript|module|application\/javascript)?$/;

/** The sha256 of each inline script the page would run (SEC-07): React's lines that put streamed parts in place. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (RUNS.test(type)) hashes.add(createHash('sha256').update(body).digest('base64'));
  }
  return [...hashes];
}
