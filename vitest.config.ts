import { defineConfig } from 'vitest/config';

// Each workspace has its own project; `npm test` (scripts/test.ts) decides which run and reports what it skipped.
export default defineConfig({
  test: {
    projects: ['domain', 'upstream', 'gateway', 'web', 'tests', 'tests/browser'],
  },
});
