// OPS-03: a stopping gateway ignores every further signal and lets the requests in flight finish. The gateway runs
// as its own process (ports 4401 and 9501), as `npm start` runs it, in front of a fake upstream in this one.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeUpstream, send } from './testkit/fake-upstream';
import { goods } from './testkit/fixtures';
import { childEnv } from './testkit/config';

const PORT = 4401;
const METRICS_PORT = 9501;
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

let child: ChildProcess | undefined;
const upstream = new FakeUpstream();
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await upstream.close();
});

describe('OPS-03: a second signal while stopping', () => {
  it('is logged and ignored: the request in flight finishes and the process exits 0', async () => {
    await upstream.listen();
    let answer: (() => void) | undefined;
    upstream.on('GET', '/api/goods/detail/3', (_seen, res) => {
      answer = () => send(res, 200, { code: 10000, message: 'success', data: goods({ id: 3 }) });
    });
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: childEnv({
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        PORT: String(PORT),
        METRICS_PORT: String(METRICS_PORT),
        UPSTREAM_URL: upstream.url,
        REDIS_URL: '',
        WEB_DIST: '/nonexistent',
        SHUTDOWN_GRACE_MS: '20000',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(output).toContain('Gateway on'), { timeout: 60_000, interval: 200 });

    const inFlight = fetch(`http://127.0.0.1:${PORT}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ goods(id: "3") { id name } }' }),
    });
    // The request waits in the upstream; the stop begins while it does.
    await vi.waitFor(() => expect(answer).toBeDefined(), { timeout: 10_000 });
    child.kill('SIGTERM');
    await vi.waitFor(() => expect(output).toContain('stopping'), { timeout: 10_000 });
    child.kill('SIGTERM');
    child.kill('SIGINT');
    await vi.waitFor(() => expect(output.match(/while stopping: ignored/g)).toHaveLength(2), { timeout: 10_000 });
    expect(child.exitCode).toBeNull();

    answer?.();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { goods: { id: '3', name: '感冒灵颗粒' } } });
    expect(await exited).toBe(0);
  }, 90_000);
});
