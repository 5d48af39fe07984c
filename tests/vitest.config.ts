import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tests',
    include: ['**/*.test.ts'],
    // The browser suites are a project of their own (browser/vitest.config.ts), run side by side.
    exclude: ['**/node_modules/**', '.artifacts/**', 'browser/**'],
    // TEST_DATABASE_URL (a PostgreSQL server to create a throw-away database on) moves the gateway's flows on the real
    // upstream from PGlite to PostgreSQL (ADR 0230); the upstream's setup creates and drops that database.
    globalSetup: ['../upstream/test/global-setup.ts'],
    fileParallelism: false,
    // The files share one module graph instead of importing the gateway, the upstream and the web's server bundle
    // again each (seconds per file); none mocks a module, and each starts marketplaces of its own.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The web's server bundle is loaded by Node as the gateway loads it in production, not transformed again by Vite
    // (5 MB of built JavaScript, a second and a half of a core per process that renders a page).
    server: { deps: { external: [/\/web\/dist[^/]*-ssr\//] } },
  },
});
