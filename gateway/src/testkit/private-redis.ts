import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { redisAnswers } from './redis-probe';

/** Whether this machine can start a redis-server of a test's own (CI installs one). */
export const hasRedisServer: boolean = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A redis-server of one test file's own, on `port`, that the test stops and starts again to play an outage; nothing
 * is saved to disk. Other tests' Redis (REDIS_URL) is never touched.
 */
export class PrivateRedis {
  private server: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    this.server = server;
    for (let tries = 0; tries < 50; tries++) {
      if (await redisAnswers(this.url)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  /** Kills the server, as a crash or an operator's stop would, and waits until it is gone. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
}
