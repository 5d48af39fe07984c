import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and components' rules: files share one module graph instead of importing it again each.
    isolate: false,
  },
});
