// `npm start`: the whole marketplace on one machine. Starts the REST upstream in its own process (unless
// UPSTREAM_URL points the gateway at another deployment), waits until it is ready, then runs the gateway, which
// serves the built web and /graphql. The upstream gets its own process so its CPU never counts as the gateway's.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();
let stopping = false;

/** Plain node for what is compiled (the gateway in production, OPS-04); tsx for TypeScript sources. */
function start(name: string, entry: string, env: NodeJS.ProcessEnv, onExit: (code: number) => void): ChildProcess {
  const args = entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    console.error(`${name} exited (${signal ?? code})`);
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
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

const started = Date.now();
const env: NodeJS.ProcessEnv = {};
if (!process.env.UPSTREAM_URL) {
  const port = process.env.UPSTREAM_PORT ?? '4010';
  // The upstream is restarted when it dies, with a pause that grows: meanwhile the gateway stays up and says it is
  // not ready (OPS-01), as it would in front of a separate deployment.
  let restarts = 0;
  const runUpstream = (): void => {
    start('upstream', 'upstream/src/main.ts', {}, () => {
      const pause = Math.min(30_000, 1000 * 2 ** restarts++);
      console.error(`restarting the upstream in ${pause / 1000} s`);
      setTimeout(runUpstream, pause).unref();
    });
  };
  runUpstream();
  // The upstream listens once its catalogue is seeded: a large SEED_GOODS (CATALOG-10) is given a second per 2,000
  // goods on top, PGlite's pace (the upstream itself refuses a malformed count and says why).
  const seedGoods = Number(process.env.SEED_GOODS ?? 0);
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, 120_000 + (Number.isFinite(seedGoods) ? seedGoods / 2 : 0));
  env.UPSTREAM_URL = `http://127.0.0.1:${port}`;
}
const compiled = resolve(root, 'gateway/dist/main.js');
const gatewayEntry = process.env.NODE_ENV === 'production' && existsSync(compiled) ? compiled : 'gateway/src/main.ts';
start('gateway', gatewayEntry, env, (code) => {
  console.error('the gateway stopped; stopping the marketplace');
  shutdown(code);
});
const port = process.env.PORT ?? '4000';
await waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000);
console.log(`marketplace ready at http://localhost:${port}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
