import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    include: ['**/*.test.ts'],
    // Each suite has its own marketplace (a copy of the seeded PGlite store) and its own Chromium, so two run side by
    // side: their pages spend much of their time waiting for the network to fall quiet, which the other fills.
    globalSetup: ['../testkit/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
