import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'pricing',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
