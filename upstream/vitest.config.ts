import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'upstream',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One migrated and seeded store serves every file (PGlite costs seconds and ~750 MB to create): files run one
    // after another in one worker that keeps the store between them.
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
