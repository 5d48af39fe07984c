// The processes the bench measures from outside: the gateway alone in a process (so /proc shows only its CPU),
// and autocannon in another (so the load does not share an event loop with what it loads).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { LoadResult, LoadSpec } from './load-spec';
import { productionEnv } from './config';

const gatewayServer = fileURLToPath(new URL('../../gateway/bench/server.ts', import.meta.url));
const loadScript = fileURLToPath(new URL('../load.ts', import.meta.url));

export interface GatewayProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface GatewayProcessOptions {
  /** Gateway settings by their environment names, e.g. { WEB_SSR: 'off' } (gateway/bench/server.ts). */
  settings?: Record<string, string>;
  /** Pins the process to this one core (taskset), so its throughput is one core's. */
  core?: number;
  /** Each chunk the gateway writes to stderr (its warnings), which still reaches this process's stderr too. */
  onStderr?: (text: string) => void;
  /** NODE_ENV=production in the process's environment (not only the gateway's settings), as a deployment runs it. */
  production?: boolean;
}

export async function startGatewayProcess(
  upstreamUrl: string,
  options: GatewayProcessOptions = {},
): Promise<GatewayProcess> {
  const node = [
    process.execPath,
    '--import',
    'tsx',
    gatewayServer,
    upstreamUrl,
    ...(options.settings ? [JSON.stringify(options.settings)] : []),
  ];
  // taskset execs node in its place, so the child's pid is the gateway's and /proc reads the gateway itself.
  const [command = process.execPath, ...args] =
    options.core === undefined ? node : ['taskset', '-c', String(options.core), ...node];
  return startListening(command, args, 'the gateway process', {
    ...(options.production ? { env: productionEnv } : {}),
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
  });
}

/**
 * Spawns a server of the bench's that prints `listening <port>` on stdout once it accepts requests, and answers its
 * address; its stderr reaches this process's (and `onStderr`).
 */
export async function startListening(
  command: string,
  args: string[],
  what: string,
  options: { env?: NodeJS.ProcessEnv; onStderr?: (text: string) => void } = {},
): Promise<GatewayProcess> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    options.onStderr?.(chunk.toString());
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a bench script in a process of its own with `spec` as JSON in argv[2], and answers the JSON it prints. */
export function runJsonChild<T>(script: string, spec: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${what} exited with ${code}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

export const runLoad = (spec: LoadSpec): Promise<LoadResult> => runJsonChild(loadScript, spec, 'autocannon');
