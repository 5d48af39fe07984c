// OPS-20: `npm run build` once, then a production start runs what was built, with production packages only; a wrong
// variable ends `npm start` at once, naming it; a second signal while stopping is ignored.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../gateway/scripts/build';
import { buildUpstream } from '../upstream/scripts/build';
import { buildStart } from '../scripts/build-start';
import { CONFIG_ERROR_EXIT, startPlan } from '../scripts/start-plan';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'h4-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const manifest = (
  workspace: string,
): { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } =>
  JSON.parse(readFileSync(resolve(root, workspace, 'package.json'), 'utf8'));
const productionOf = (...workspaces: string[]) =>
  new Set(workspaces.flatMap((workspace) => Object.keys(manifest(workspace).dependencies ?? {})));

/** The packages a bundle imports at run time (esbuild's externals), by package name; node's own modules left out. */
function packagesImported(metafile: Metafile | undefined): Set<string> {
  if (metafile === undefined) throw new Error('esbuild wrote no metafile');
  const builtins = new Set(builtinModules);
  const names = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter(
      (entry) => entry.external && !entry.path.startsWith('node:') && !builtins.has(entry.path.split('/')[0] ?? ''),
    )
    .map((entry) =>
      entry.path
        .split('/')
        .slice(0, entry.path.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return new Set(names);
}

describe('OPS-20: the built entry points need production dependencies only', () => {
  it('the gateway bundle imports only its own and @pharma/domain production dependencies', async () => {
    const { metafile } = await buildGateway(join(scratch, 'gateway'), { metafile: true });
    const imported = packagesImported(metafile);
    expect(imported).toContain('graphql-yoga');
    const allowed = productionOf('gateway', 'domain');
    expect([...imported].filter((name) => !allowed.has(name))).toEqual([]);
    expect(imported).not.toContain('tsx');
  });

  it('the upstream bundle imports only its own and @pharma/domain production dependencies, migrations beside it', async () => {
    const out = join(scratch, 'upstream');
    const { metafile } = await buildUpstream(out, { metafile: true });
    const imported = packagesImported(metafile);
    expect(imported).toContain('fastify');
    const allowed = productionOf('upstream', 'domain');
    expect([...imported].filter((name) => !allowed.has(name))).toEqual([]);
    expect(readFileSync(join(out, 'migrations', '0020_payments.sql'), 'utf8')).toContain('CREATE TABLE payments');
  });

  it("the start bundle imports nothing but node's own modules", async () => {
    const { metafile } = await buildStart(join(scratch, 'start'), { metafile: true });
    expect([...packagesImported(metafile)]).toEqual([]);
  });
});

describe('OPS-20: what npm start runs', () => {
  const fakeRoot = (files: string[]) => {
    const dir = mkdtempSync(join(scratch, 'root-'));
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), '');
    }
    return dir;
  };
  const BUILT = [
    'gateway/dist/main.js',
    'upstream/dist/main.js',
    'web/dist/index.html',
    'web/dist-ssr/entry-server.js',
  ];

  it('in production, refuses to start and names `npm run build` and each missing file', () => {
    const plan = startPlan(fakeRoot(['web/dist/index.html']), { NODE_ENV: 'production' });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.missing).toEqual(['gateway/dist/main.js', 'web/dist-ssr/entry-server.js', 'upstream/dist/main.js']);
    expect(plan.message).toContain('npm run build');
  });

  it('in production, runs the built files with plain node (no tsx), and no upstream when UPSTREAM_URL is set', () => {
    const dir = fakeRoot(BUILT);
    const plan = startPlan(dir, { NODE_ENV: 'production' });
    expect(plan).toEqual({
      ok: true,
      buildFirst: false,
      services: [
        { name: 'upstream', args: [join(dir, 'upstream/dist/main.js')] },
        { name: 'gateway', args: [join(dir, 'gateway/dist/main.js')] },
      ],
    });
    const remote = startPlan(dir, { NODE_ENV: 'production', UPSTREAM_URL: 'http://upstream.internal:4010' });
    expect(remote.ok && remote.services.map((service) => service.name)).toEqual(['gateway']);
  });

  it('in development, runs the sources under tsx and builds only when the web was never built', () => {
    expect(startPlan(fakeRoot([]), {})).toMatchObject({ ok: true, buildFirst: true });
    const plan = startPlan(fakeRoot(['web/dist/index.html']), {});
    expect(plan).toMatchObject({ ok: true, buildFirst: false });
    expect(plan.ok && plan.services.every((service) => service.args.includes('tsx'))).toBe(true);
  });
});

/** Runs `npm start`'s script (node scripts/npm-start.js) with `env`, collecting its output, until it exits. */
function npmStart(env: Record<string, string>) {
  const web = mkdtempSync(join(scratch, 'web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title>');
  const child = spawn(process.execPath, ['scripts/npm-start.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      WEB_DIST: web,
      WEB_SSR: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

describe('OPS-20: npm start stops at once on a wrong variable', () => {
  it('ends with EX_CONFIG, naming the variable and its message, without waiting for the upstream', async () => {
    const start = npmStart({
      PORT: '4550',
      UPSTREAM_PORT: '4551',
      METRICS_PORT: '9530',
      DATA_DIR: join(scratch, 'data'),
      UPSTREAM_SECRET: 'too-short',
    });
    expect(await start.exited).toBe(CONFIG_ERROR_EXIT);
    expect(start.output()).toContain('UPSTREAM_SECRET 至少32个字符');
    expect(start.output()).toMatch(/configuration is wrong/);
  });
});

describe('OPS-03: a second signal while stopping is ignored', () => {
  it('passes the first SIGINT on once, logs and ignores the second, and the request in flight still gets its answer', async () => {
    // An upstream that accepts and never answers: the buyer's query is in flight while the marketplace stops.
    const stalled = createServer(() => undefined);
    await new Promise<void>((listening) => stalled.listen(4553, '127.0.0.1', listening));
    const start = npmStart({
      PORT: '4552',
      METRICS_PORT: '9531',
      UPSTREAM_URL: 'http://127.0.0.1:4553',
      UPSTREAM_TIMEOUT_MS: '3000',
    });
    try {
      await until(start, 'marketplace ready');
      const inFlight = fetch('http://127.0.0.1:4552/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ goods(id: "1") { id } }' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      start.child.kill('SIGINT');
      await until(start, 'SIGINT: stopping');
      start.child.kill('SIGINT');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await start.exited).toBe(0);
      expect(start.output()).toContain('SIGINT while stopping; ignored');
    } finally {
      start.child.kill('SIGKILL');
      stalled.closeAllConnections();
      await new Promise((closed) => stalled.close(closed));
    }
  });
});

/** Waits until the start's output contains `text`; fails if it ends first. */
function until(start: ReturnType<typeof npmStart>, text: string): Promise<void> {
  return new Promise<void>((found, fail) => {
    const poll = setInterval(() => {
      if (start.output().includes(text)) {
        clearInterval(poll);
        found();
      }
    }, 50);
    void start.exited.then(() => {
      clearInterval(poll);
      if (!start.output().includes(text)) fail(new Error(`npm start ended before "${text}":\n${start.output()}`));
    });
  });
}
