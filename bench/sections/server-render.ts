// Section 9: what rendering the pages on the server costs the gateway (ADR 0310), against the client-rendered shell
// the same gateway sends with WEB_SSR=off, each gateway alone in its process and pinned to one core.
import { existsSync, readFileSync } from 'node:fs';
import { runLoad, startGatewayProcess, type GatewayProcess } from '../lib/children';
import type { LoadRequest, LoadResult } from '../lib/load-spec';
import { cpuMs } from '../lib/proc';
import { fixed } from '../lib/stats';

/** The marker of a server-rendered page: the Apollo cache it was rendered from (web/src/app/server-state.ts). */
const RENDERED_MARK = 'id="__APOLLO_STATE__"';
// The shell is sent when rendering fails or times out (gateway/src/web/pages.ts logs this): a page measured while
// the gateway fell back would be the shell's figures under the rendered page's name.
const FALLBACK_LOG = 'sent the client-rendered shell';

export interface ServerRenderOptions {
  upstreamUrl: string;
  /** The browser build; its server entry is beside it in `<webDist>-ssr/`. */
  webDist: string;
  /** A seeded goods that exists, for the detail page. */
  goodsId: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** The core the gateway is pinned to. */
  core: number;
}

interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
}

interface Measured {
  page: PageCase;
  connections: number;
  load: LoadResult;
  cpuPerPage: number;
  fallbacks: number;
  htmlKb: number;
}

export interface ServerRenderResult {
  /** Server-rendered home at the table's connections, and at one connection (no queueing on the core). */
  homeP50: number;
  homeP50At1: number;
  /** Errors and fallbacks to the shell while the rendered home was measured. */
  homeProblems: number;
  markdown: string;
}

/** Signs demo in through the gateway's GraphQL, as the web does, and answers the session cookie it set. */
async function loginCookie(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { login(username: "demo", password: "demo1234") { token } }' }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith('token='));
  if (!cookie) throw new Error(`login of demo set no token cookie (status ${response.status})`);
  return cookie;
}

function requestOf(page: PageCase, cookie: string): LoadRequest {
  return {
    method: 'GET',
    path: page.path,
    // What a browser sends: the page is compressed for it, and that compression is part of the page's cost.
    headers: {
      accept: 'text/html',
      'accept-encoding': 'br, gzip',
      ...(page.signedIn ? { cookie } : {}),
    },
  };
}

/** One answer read as a browser would: status 200 and HTML that is (or, for the shell, is not) rendered. */
async function check(gatewayUrl: string, request: LoadRequest, rendered: boolean): Promise<number> {
  const response = await fetch(gatewayUrl + request.path, { headers: request.headers, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}, not a page`);
  if (rendered && !html.includes(RENDERED_MARK)) {
    throw new Error(`${request.path} answered the client-rendered shell, not a server-rendered page`);
  }
  if (!rendered && html.includes(RENDERED_MARK)) {
    throw new Error(`${request.path} was server-rendered with WEB_SSR=off`);
  }
  return Buffer.byteLength(html) / 1024;
}

function coresOf(pid: number): string {
  return /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
}

async function measureMode(options: ServerRenderOptions, ssr: boolean, pages: PageCase[]): Promise<Measured[]> {
  let fallbacks = 0;
  const gateway: GatewayProcess = await startGatewayProcess(options.upstreamUrl, {
    settings: { WEB_DIST: options.webDist, WEB_SSR: ssr ? 'on' : 'off' },
    core: options.core,
    // React's server renderer in its development build is several times slower: measure what a deployment runs.
    production: true,
    onStderr: (text) => void (fallbacks += text.split(FALLBACK_LOG).length - 1),
  });
  try {
    if (coresOf(gateway.pid) !== String(options.core)) {
      throw new Error(`the gateway runs on cores ${coresOf(gateway.pid)}, not core ${options.core} alone`);
    }
    const cookie = await loginCookie(gateway.url);
    const measured: Measured[] = [];
    const runs = pages.flatMap((page) =>
      page.name === 'home'
        ? [
            { page, connections: 1 },
            { page, connections: options.connections },
          ]
        : [{ page, connections: options.connections }],
    );
    for (const { page, connections } of runs) {
      const request = requestOf(page, cookie);
      const htmlKb = await check(gateway.url, request, ssr);
      await runLoad({ url: gateway.url, connections, seconds: options.warmupSeconds, requests: [request] });
      const fallbacksBefore = fallbacks;
      const before = cpuMs(gateway.pid);
      const load = await runLoad({ url: gateway.url, connections, seconds: options.seconds, requests: [request] });
      const cpuPerPage = (cpuMs(gateway.pid) - before) / Math.max(1, load.requests);
      measured.push({ page, connections, load, cpuPerPage, fallbacks: fallbacks - fallbacksBefore, htmlKb });
      // Still rendered after the load, not only before it.
      await check(gateway.url, request, ssr);
    }
    return measured;
  } finally {
    await gateway.stop();
  }
}

export async function measureServerRender(options: ServerRenderOptions): Promise<ServerRenderResult> {
  const entry = `${options.webDist.replace(/\/+$/, '')}-ssr/entry-server.js`;
  if (!existsSync(entry)) throw new Error(`no server entry at ${entry}: build the web with npm run build -w web`);
  const pages: PageCase[] = [
    { name: 'home', path: '/', signedIn: false },
    { name: 'goods list', path: '/list', signedIn: false },
    { name: 'goods detail', path: `/list/info/${options.goodsId}`, signedIn: false },
    { name: 'member centre (signed in)', path: '/user', signedIn: true },
  ];
  const rendered = await measureMode(options, true, pages);
  const shell = await measureMode(options, false, pages);

  const key = (m: Measured) => `${m.page.path} ${m.connections}`;
  const shellOf = new Map(shell.map((m) => [key(m), m]));
  const rows = rendered.map((r) => {
    const s = shellOf.get(key(r));
    const cell = (m: Measured | undefined) =>
      m
        ? `${fixed(m.load.rps, 0)} | ${m.load.p50} / ${m.load.p99} | ${fixed(m.cpuPerPage, 2)} | ${fixed((m.load.rps * m.cpuPerPage) / 10, 0)} | ${m.load.errors + m.fallbacks}`
        : 'n/a | n/a | n/a | n/a | n/a';
    return `| ${r.page.name} \`${r.page.path}\` | ${r.connections} | ${fixed(r.htmlKb, 0)} | ${cell(r)} | ${cell(s)} |`;
  });
  const home = rendered.find((m) => m.page.path === '/' && m.connections === options.connections);
  const homeAt1 = rendered.find((m) => m.page.path === '/' && m.connections === 1);
  const markdown = [
    `The gateway alone in its process, pinned to one core (taskset -c ${options.core}) and with NODE_ENV=production as`,
    'the Dockerfile runs it (React picks its production build from it), over the real upstream',
    '(PGlite, seeded) in the bench process; autocannon in a third process, sending what a browser sends',
    `(\`accept-encoding: br, gzip\`; the member centre with the \`token\` cookie that GraphQL \`login\` set).`,
    `${options.seconds} s per page after a ${options.warmupSeconds} s warm-up. "Rendered" is the gateway as`,
    'deployed (WEB_SSR=on): each page runs its GraphQL in-process (trusted documents from their plans, result objects',
    "handed to Apollo without JSON, ADR 0503; the response cache's operations through Yoga), is rendered by React and",
    'compressed;',
    '"shell" is the same gateway with WEB_SSR=off, answering index.html for the browser to render. Every rendered',
    `answer was checked before and after its run (status 200 and \`${RENDERED_MARK}\` in the HTML), and the shell's`,
    "for the absence of it. CPU is the gateway process's user + system time from /proc (all its threads, so",
    'compression in the thread pool counts) over the measured run, divided by the pages it answered; the',
    'upstream\'s own CPU is not in it. Latencies in ms (autocannon\'s 1 ms resolution). "Problems" are non-2xx',
    'answers, transport errors and pages the gateway fell back to the shell for (its log).',
    '',
    '| page | conns | HTML KB (uncompressed) | rendered req/s | rendered p50 / p99 | rendered CPU ms/page | rendered core busy % | rendered problems | shell req/s | shell p50 / p99 | shell CPU ms/page | shell core busy % | shell problems |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'At one connection the p50 is the time to render one page with nothing queued before it on the core; at',
    `${options.connections} connections the pages wait for each other on the one core, so the p50 is about`,
    `${options.connections} × the CPU per page once the core is saturated. "Core busy" is req/s × CPU per page: well`,
    "under 100 % means the gateway's core was waiting, on the upstream's answers (the upstream runs unpinned in the",
    'bench process) rather than on its own rendering.',
  ].join('\n');
  return {
    homeP50: home?.load.p50 ?? Number.NaN,
    homeP50At1: homeAt1?.load.p50 ?? Number.NaN,
    homeProblems: home ? home.load.errors + home.fallbacks : Number.NaN,
    markdown,
  };
}
