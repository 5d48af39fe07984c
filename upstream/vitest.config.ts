import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'upstream',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Races need real concurrent transactions: the concurrency tests run only when PostgreSQL is given, and are
    // then not skipped but run (scripts/test.ts always gives it in CI).
    exclude: process.env.TEST_DATABASE_URL
      ? []
      : [
          'test/concurrency.test.ts',
          'test/seckill-concurrency.test.ts',
          'test/connection-loss.test.ts',
          'test/credit-concurrency.test.ts',
          'test/batch-concurrency.test.ts',
        ],
    globalSetup: ['test/global-setup.ts'],
    // One migrated and seeded store serves every file (PGlite costs seconds and ~750 MB to create): files run one
    // after another in one worker that keeps the store between them.
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
