// `npm start`: the whole marketplace on one machine. Starts the REST upstream in its own process (unless
// UPSTREAM_URL points the gateway at another deployment), waits until it is ready, then runs the gateway, which
// serves the built web and /graphql. The upstream gets its own process so its CPU never counts as the gateway's.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function start(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    console.error(`${name} exited (${signal ?? code}); stopping the marketplace`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

function shutdown(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
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
  start('upstream', 'upstream/src/main.ts', {});
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, 120_000);
  env.UPSTREAM_URL = `http://127.0.0.1:${port}`;
}
start('gateway', 'gateway/src/main.ts', env);
const port = process.env.PORT ?? '4000';
await waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000);
console.log(`marketplace ready at http://localhost:${port}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
