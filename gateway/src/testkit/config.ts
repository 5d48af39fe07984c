import { randomUUID } from 'node:crypto';
import { redisAnswers } from './redis-probe';

/** The Redis the shared-state tests use: REDIS_URL, else the one a developer's machine and CI run locally. */
export const TEST_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** With CI=true a test that needs Redis runs, and fails, rather than being skipped. */
export const ci = process.env['CI'] === 'true';

/** The environment of a process a test starts: this one's, with the test's variables over it. */
export const childEnv = (variables: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...variables });

/** Whether the shared-state tests run here: `npm test` reports them skipped where there is no Redis, never in CI. */
export const runsWithRedis: boolean = ci || (await redisAnswers(TEST_REDIS_URL));

/**
 * Settings for gateways that share one Redis under a prefix of the test's own. What is shared is what such a test asks
 * about, so each command gets 5 s: on a machine busy with other suites an event loop can be late past the 250 ms a
 * buyer is given, and the gateway would rightly go on without Redis (limits counted alone, the cache skipped).
 */
export const sharedRedis = () => ({
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: `test-${randomUUID()}`,
  REDIS_COMMAND_TIMEOUT_MS: 5_000,
});
