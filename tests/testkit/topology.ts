// The production topology (docker-compose.yml) as a description, and the same topology run on one machine without
// Docker (ADR 0218): Debian's nginx with deploy/nginx.conf in front of two compiled gateways, Redis, PostgreSQL and
// the upstream. The description is the one source of both: tests/compose.test.ts checks docker-compose.yml and
// deploy/nginx-compose/ against it, and `startTopology` runs it on 127.0.0.1 for the smoke test (OPS-31) and
// `npm run chaos` (OPS-33).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '../..');

/** The services of docker-compose.yml, in the order they start. */
export const SERVICES = ['postgres', 'redis', 'upstream', 'gateway-1', 'gateway-2', 'lb'] as const;
export type ServiceName = (typeof SERVICES)[number];
export const GATEWAYS = ['gateway-1', 'gateway-2'] as const;

/** Redis keeps nothing on disk: counts, cached answers and events are worth nothing after a restart (ADR 0209). */
export const REDIS_ARGS = ['--save', '', '--appendonly', 'no'] as const;

/** Where each service is reached: by service name on the compose network, or on 127.0.0.1 ports here. */
export interface Addresses {
  upstream: { host: string; port: number; bind: string };
  gateways: readonly [{ host: string; port: number }, { host: string; port: number }];
  /** Each replica's Prometheus port: the same in every container, one each on a shared machine. */
  metricsPorts: readonly [number, number];
  metricsHost: string;
  redisUrl: string;
  databaseUrl: string;
  /** The load balancer's `listen` argument. */
  listen: string;
  /** Where buyers reach the site, the load balancer's address. */
  publicUrl: string;
  /** The proxies the gateways believe (ADR 0207): the compose network's, or this machine's loopback. */
  trustProxy: string;
}

/**
 * docker-compose.yml's addresses. Values compose interpolates from the shell (`${PUBLIC_URL:-…}`) are given here as
 * their defaults; tests/compose.test.ts interpolates the file the same way before comparing.
 */
export const COMPOSE: Addresses = {
  upstream: { host: 'upstream', port: 4010, bind: '0.0.0.0' },
  gateways: [
    { host: 'gateway-1', port: 4000 },
    { host: 'gateway-2', port: 4000 },
  ],
  metricsPorts: [9464, 9464],
  metricsHost: '0.0.0.0',
  redisUrl: 'redis://redis:6379',
  databaseUrl: 'postgres://postgres:marketplace@postgres:5432/marketplace',
  listen: '80',
  publicUrl: 'http://localhost:8080',
  trustProxy: 'uniquelocal',
};

/** Ports of one run on this machine. */
export interface LocalPorts {
  gateways: readonly [number, number];
  metrics: readonly [number, number];
  upstream: number;
  nginx: number;
  redis: number;
}

/** The smoke test's ports and the chaos run's differ, so both can run at once on one machine. */
export const SMOKE_PORTS: LocalPorts = {
  gateways: [4620, 4621],
  metrics: [9550, 9551],
  upstream: 4630,
  nginx: 8620,
  redis: 6411,
};
export const CHAOS_PORTS: LocalPorts = {
  gateways: [4600, 4601],
  metrics: [9540, 9541],
  upstream: 4610,
  nginx: 8600,
  redis: 6410,
};

export function localAddresses(ports: LocalPorts, databaseUrl: string): Addresses {
  const [first, second] = ports.gateways;
  return {
    upstream: { host: '127.0.0.1', port: ports.upstream, bind: '127.0.0.1' },
    gateways: [
      { host: '127.0.0.1', port: first },
      { host: '127.0.0.1', port: second },
    ],
    metricsPorts: ports.metrics,
    metricsHost: '127.0.0.1',
    redisUrl: `redis://127.0.0.1:${ports.redis}`,
    databaseUrl,
    listen: `127.0.0.1:${ports.nginx}`,
    publicUrl: `http://127.0.0.1:${ports.nginx}`,
    trustProxy: 'loopback',
  };
}

/** The upstream's environment in production, as docker-compose.yml gives it. */
export function upstreamEnv(at: Addresses, secret: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: at.databaseUrl,
    UPSTREAM_PORT: String(at.upstream.port),
    UPSTREAM_HOST: at.upstream.bind,
    UPSTREAM_SECRET: secret,
    PUBLIC_URL: at.publicUrl,
    SMS_TRANSPORT: 'none',
  };
}

/** A gateway replica's environment in production, as docker-compose.yml gives it. */
export function gatewayEnv(at: Addresses, replica: 0 | 1, secret: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(at.gateways[replica].port),
    UPSTREAM_URL: `http://${at.upstream.host}:${at.upstream.port}`,
    UPSTREAM_SECRET: secret,
    REDIS_URL: at.redisUrl,
    TRUST_PROXY: at.trustProxy,
    PUBLIC_URL: at.publicUrl,
    METRICS_HOST: at.metricsHost,
    METRICS_PORT: String(at.metricsPorts[replica]),
  };
}

const GENERATED = '# Written from tests/testkit/topology.ts (ADR 0218); tests/compose.test.ts keeps it equal.\n';

/**
 * `marketplace/addresses.conf`: the replicas nginx balances over and the upstream it sends pictures and payment
 * notifications to. A replica that failed twice is left alone for 5 s (OPS-32).
 */
export function nginxAddressesConf(at: Addresses): string {
  const servers = at.gateways.map((g) => `  server ${g.host}:${g.port} max_fails=2 fail_timeout=5s;\n`).join('');
  return (
    `${GENERATED}upstream gateways {\n${servers}  keepalive 32;\n}\n\n` +
    `upstream rest_upstream {\n  server ${at.upstream.host}:${at.upstream.port};\n}\n`
  );
}

/** `marketplace/listen.conf`: where the load balancer listens. */
export function nginxListenConf(at: Addresses): string {
  return `${GENERATED}listen ${at.listen};\n`;
}

/** The main nginx.conf a run on this machine uses: Debian's nginx, its own directories, deploy/nginx.conf inside. */
function nginxMainConf(dir: string): string {
  return [
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/nginx-error.log warn;`,
    'events { worker_connections 2048; }',
    'http {',
    `  access_log ${dir}/nginx-access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/nginx-${t};`),
    `  include ${root}/deploy/nginx.conf;`,
    '}',
    '',
  ].join('\n');
}

/** Debian's nginx, where it is installed (`apt-get install nginx-light`); undefined when it is not. */
export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** What the topology needs on this machine that is not there (each an apt package .ci/run installs). */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (nginxBinary() === undefined) missing.push('nginx (apt-get install nginx-light)');
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  return missing;
}

/** The web build the compiled gateways serve (with its trusted documents) and render pages with. */
export const webDist = resolve(root, 'web/dist');
export const hasWebBuild = (): boolean =>
  existsSync(resolve(webDist, 'persisted-documents.json')) && existsSync(resolve(root, 'web/dist-ssr/entry-server.js'));

/** Every process a Service started and that still runs: killed when this process exits, however it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A process of the topology, its output appended to a log file of its own. With `restartOnCrash` it is started again
 * when it exits without being stopped, as docker-compose's `restart: unless-stopped` does for the upstream and the
 * gateways; `crashes` counts those exits (a chaos run reports them).
 */
export class Service {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  crashes = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: readonly string[],
    private readonly env: Record<string, string>,
    private readonly logPath: string,
    private readonly restartOnCrash = false,
  ) {}

  start(): void {
    this.stopping = false;
    const log = createWriteStream(this.logPath, { flags: 'a' });
    const child = spawn(this.command, this.args, {
      cwd: root,
      // Nothing of the caller's environment but PATH: a developer's REDIS_URL or TRUSTED_DOCUMENTS must not leak in.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    running.add(child);
    this.exited = new Promise((done) =>
      child.once('exit', () => {
        running.delete(child);
        done();
        if (this.stopping || !this.restartOnCrash) return;
        this.crashes += 1;
        // Docker waits 100 ms before the first restart and doubles that after each; one fixed second is near enough.
        setTimeout(() => {
          if (!this.stopping && this.pid === undefined) this.start();
        }, 1000).unref();
      }),
    );
  }

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.pid !== undefined) this.child?.kill(signal);
  }

  /** Sends `signal` and waits for the exit; a process that ignores it is killed after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    this.stopping = true;
    if (this.pid === undefined) return;
    // A frozen process hears nothing until it runs again.
    this.child?.kill('SIGCONT');
    this.child?.kill(signal);
    const done = await Promise.race([this.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!done) {
      this.child?.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** Polls `url` until it answers 200; throws naming `what` and its log when it does not within `timeoutMs`. */
export async function waitFor200(url: string, what: string, timeoutMs: number, log?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${what} did not answer 200 at ${url} within ${timeoutMs / 1000} s${log ? ` (see ${log})` : ''}`);
}

async function waitForRedis(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
    await sleep(100);
  }
  throw new Error(`redis-server on ${port} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Compiles what production runs compiled: the gateway (OPS-04) and, where the upstream has a build of its own, the
 * upstream too. Answers each one's node arguments.
 */
export function buildServices(): { gateway: string[]; upstream: string[] } {
  const build = (workspace: string) => {
    const built = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build -w ${workspace} failed:\n${built.stdout}\n${built.stderr}`);
  };
  build('gateway');
  const upstreamManifest = JSON.parse(readFileSync(resolve(root, 'upstream/package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const compiledUpstream = upstreamManifest.scripts?.build !== undefined;
  if (compiledUpstream) build('upstream');
  return {
    gateway: [resolve(root, 'gateway/dist/main.js')],
    upstream: compiledUpstream ? [resolve(root, 'upstream/dist/main.js')] : ['--import', 'tsx', 'upstream/src/main.ts'],
  };
}

export interface Topology {
  /** The load balancer: where buyers go. */
  url: string;
  addresses: Addresses;
  dir: string;
  redis: Service;
  upstream: Service;
  gateways: readonly [Service, Service];
  nginx: Service;
  gatewayUrl(replica: 0 | 1): string;
  metricsUrl(replica: 0 | 1): string;
  upstreamUrl: string;
  /** Starts a stopped service again and waits until it answers. */
  restart(service: 'redis' | 'upstream' | 'gateway-1' | 'gateway-2'): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs the topology on this machine: redis-server, the upstream on `databaseUrl` (migrated and seeded on its first
 * start, as in production), two compiled gateways, and nginx with deploy/nginx.conf. Logs go to `dir`.
 */
export async function startTopology(options: {
  ports: LocalPorts;
  databaseUrl: string;
  dir: string;
  /** The upstream's first start seeds the store: on a busy machine that takes a while. */
  upstreamTimeoutMs?: number;
}): Promise<Topology> {
  const nginx = nginxBinary();
  if (nginx === undefined) throw new Error('nginx is not installed: apt-get install nginx-light (see .ci/run)');
  const { ports, dir } = options;
  mkdirSync(resolve(dir, 'marketplace'), { recursive: true });
  const at = localAddresses(ports, options.databaseUrl);
  const secret = randomBytes(32).toString('hex');
  const entries = buildServices();

  const log = (name: string) => resolve(dir, `${name}.log`);
  const redis = new Service(
    'redis',
    'redis-server',
    ['--port', String(ports.redis), '--bind', '127.0.0.1', ...REDIS_ARGS],
    {},
    log('redis'),
  );
  const upstream = new Service(
    'upstream',
    process.execPath,
    entries.upstream,
    upstreamEnv(at, secret),
    log('upstream'),
    true,
  );
  const gateways = [0, 1].map(
    (i) =>
      new Service(
        GATEWAYS[i] ?? 'gateway',
        process.execPath,
        entries.gateway,
        {
          ...gatewayEnv(at, i === 0 ? 0 : 1, secret),
          // What this topology checks is where requests go, not how fast: on CI's busy two cores a replica's first
          // render can pass the production time-out (3 s) and answer the client-rendered shell, which the home page
          // check would read as a page without its data. The fallback itself is tested in server-render.test.ts.
          WEB_SSR_TIMEOUT_MS: '20000',
        },
        log(GATEWAYS[i] ?? 'gateway'),
        true,
      ),
  ) as [Service, Service];
  writeFileSync(resolve(dir, 'nginx.conf'), nginxMainConf(dir));
  writeFileSync(resolve(dir, 'marketplace/addresses.conf'), nginxAddressesConf(at));
  writeFileSync(resolve(dir, 'marketplace/listen.conf'), nginxListenConf(at));
  const lb = new Service(
    'lb',
    nginx,
    ['-p', dir, '-c', resolve(dir, 'nginx.conf'), '-e', log('nginx-error'), '-g', 'daemon off;'],
    {},
    log('nginx'),
  );

  const upstreamUrl = `http://127.0.0.1:${ports.upstream}`;
  const gatewayUrl = (replica: 0 | 1) => `http://127.0.0.1:${ports.gateways[replica]}`;
  const services = [lb, gateways[0], gateways[1], upstream, redis];
  const topology: Topology = {
    url: `http://127.0.0.1:${ports.nginx}`,
    addresses: at,
    dir,
    redis,
    upstream,
    gateways,
    nginx: lb,
    gatewayUrl,
    metricsUrl: (replica) => `http://127.0.0.1:${ports.metrics[replica]}/metrics`,
    upstreamUrl,
    async restart(service) {
      if (service === 'redis') {
        redis.start();
        await waitForRedis(ports.redis, 10_000);
      } else if (service === 'upstream') {
        upstream.start();
        await waitFor200(`${upstreamUrl}/healthz`, 'the upstream', 60_000, log('upstream'));
      } else {
        const replica = service === 'gateway-1' ? 0 : 1;
        gateways[replica].start();
        await waitFor200(`${gatewayUrl(replica)}/healthz`, service, 30_000, log(service));
      }
    },
    async close() {
      for (const service of services) await service.stop();
    },
  };

  try {
    redis.start();
    await waitForRedis(ports.redis, 10_000);
    upstream.start();
    await waitFor200(`${upstreamUrl}/healthz`, 'the upstream', options.upstreamTimeoutMs ?? 180_000, log('upstream'));
    for (const gateway of gateways) gateway.start();
    await Promise.all(
      ([0, 1] as const).map((i) => waitFor200(`${gatewayUrl(i)}/readyz`, GATEWAYS[i], 60_000, log(GATEWAYS[i]))),
    );
    lb.start();
    await waitFor200(`${topology.url}/healthz`, 'nginx', 10_000, log('nginx-error'));
  } catch (error) {
    await topology.close();
    throw error;
  }
  return topology;
}
