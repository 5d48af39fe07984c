import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    include: ['**/*.test.ts'],
    // Each suite has its own marketplace (a copy of the seeded store: a PostgreSQL template database when the run has
    // a server, the PGlite snapshot otherwise; ADR 0221), so two run side by side: their pages spend much of their
    // time waiting for the network to fall quiet, which the other fills.
    globalSetup: ['../testkit/browser-global-setup.ts'],
    maxWorkers: 2,
    // The suites of a worker share its modules and its Chromium (tests/testkit/browser.ts): importing the gateway,
    // the upstream and the web's server bundle again for each of twenty suites cost several seconds each. No suite
    // mocks a module or keeps state in one; each still has a store and browser contexts of its own.
    isolate: false,
    // The root config (../../vitest.config.ts) starts the accessibility suite first.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page settles within a second alone and within several beside the type check and another suite on a CI
    // machine: expect.poll's own one second failed the layouts' walk there (the compact rows drew after it).
    expect: { poll: { timeout: 10_000 } },
    // The web's server bundles, loaded by Node as in production rather than transformed by Vite (../vitest.config.ts).
    server: { deps: { external: [/\/web\/dist[^/]*-ssr\//] } },
  },
});
