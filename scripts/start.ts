// `npm start`: the whole marketplace on one machine. Starts the REST upstream in its own process (unless
// UPSTREAM_URL points the gateway at another deployment) and the gateway, which serves the built web and /graphql.
// The upstream gets its own process so its CPU never counts as the gateway's. What runs is startPlan's (OPS-20):
// the compiled files with plain node in production, the sources under tsx otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONFIG_ERROR_EXIT, startPlan, type Service } from './start-plan';

// dist/start.js (the production bundle) sits one level below the root, as this file does.
const root = resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();
let stopping = false;

const plan = startPlan(root, process.env);
if (!plan.ok) {
  console.error(`npm start: ${plan.message}`);
  process.exit(1);
}
if (plan.buildFirst) {
  console.log('npm start: the web has not been built yet; running `npm run build` once');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

function start(service: Service, env: NodeJS.ProcessEnv, onExit: (code: number) => void): ChildProcess {
  const child = spawn(process.execPath, service.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    if (code === CONFIG_ERROR_EXIT) {
      // OPS-20: a wrong variable is not mended by waiting: the service printed which one and why; stop everything.
      console.error(`npm start: the ${service.name}'s configuration is wrong (see above); stopping`);
      shutdown(CONFIG_ERROR_EXIT);
      return;
    }
    console.error(`${service.name} exited (${signal ?? code})`);
    onExit(code ?? 1);
  });
  return child;
}

function shutdown(code: number): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  // The gateway lets requests in flight finish (OPS-03) before it exits; this process waits for it.
  const exit = () => children.size === 0 && process.exit(code);
  for (const child of children) child.on('exit', exit);
  exit();
}

// OPS-03, OPS-20: the first signal is passed on once; any later one (a second Ctrl-C, systemd's control-group kill)
// is logged and ignored, so that requests in flight still finish.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.error(`npm start: ${signal} while stopping; ignored, waiting for requests in flight to finish`);
      return;
    }
    console.error(`npm start: ${signal}: stopping; requests in flight finish first`);
    shutdown(0);
  });
}

/** Waits for `url` to answer 200; gives up when `deadline` passes or the marketplace is stopping. */
async function waitForHealth(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

const started = Date.now();
const env: NodeJS.ProcessEnv = {};
const upstream = plan.services.find((service) => service.name === 'upstream');
const gateway = plan.services.find((service) => service.name === 'gateway');
let upstreamReady: Promise<boolean> = Promise.resolve(true);
if (upstream !== undefined) {
  const port = process.env.UPSTREAM_PORT ?? '4010';
  env.UPSTREAM_URL = `http://127.0.0.1:${port}`;
  // The upstream is restarted when it dies, with a pause that grows: meanwhile the gateway stays up and says it is
  // not ready (OPS-01), as it would in front of a separate deployment.
  let restarts = 0;
  // OPS-21: with the gateway beside it, the upstream hands out picture addresses at the gateway's address unless
  // PUBLIC_URL says otherwise: a page's pictures come over the page's own connection (no second origin to open
  // before the first paint's banner) and the upstream's port stays private (SEC-15).
  const upstreamEnv: NodeJS.ProcessEnv =
    gateway !== undefined && process.env.PUBLIC_URL === undefined
      ? { PUBLIC_URL: `http://localhost:${process.env.PORT ?? '4000'}` }
      : {};
  const runUpstream = (): void => {
    start(upstream, upstreamEnv, () => {
      const pause = Math.min(30_000, 1000 * 2 ** restarts++);
      console.error(`restarting the upstream in ${pause / 1000} s`);
      setTimeout(runUpstream, pause).unref();
    });
  };
  runUpstream();
  // The upstream listens once its catalogue is seeded: a large SEED_GOODS (CATALOG-10) is given a second per 2,000
  // goods on top, PGlite's pace (the upstream itself refuses a malformed count and says why).
  const seedGoods = Number(process.env.SEED_GOODS ?? 0);
  upstreamReady = waitForHealth(
    `http://127.0.0.1:${port}/healthz`,
    120_000 + (Number.isFinite(seedGoods) ? seedGoods / 2 : 0),
  );
}
// Started beside the upstream, not after it: a wrong gateway variable ends the start at once, and meanwhile the
// gateway answers that it is not ready (OPS-01).
if (gateway !== undefined) {
  start(gateway, env, (code) => {
    console.error('the gateway stopped; stopping the marketplace');
    shutdown(code);
  });
}
const port = process.env.PORT ?? '4000';
const [upstreamUp, gatewayUp] = await Promise.all([
  upstreamReady,
  waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000),
]);
if (!stopping) {
  if (upstreamUp && gatewayUp) {
    console.log(`marketplace ready at http://localhost:${port}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.error(`npm start: the ${upstreamUp ? 'gateway' : 'upstream'} did not become ready; stopping`);
    shutdown(1);
  }
}
