import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { webConfigDefine, webConfigFor } from './config.ts';

const define = webConfigDefine(webConfigFor('test', fileURLToPath(new URL('.', import.meta.url))));
// Read now: Vite empties the config's `define` object once it has taken its entries.
const cacheKey = JSON.stringify(define);

export default defineProject({
  define,
  plugins: [
    {
      name: 'web-config-in-the-module-cache-key',
      // ADR 0228: the web's settings reach its modules through `define`, which the key of Vitest's file cache of
      // transformed modules leaves out; with them in it, other settings never run a module transformed for these.
      configureVitest({ experimental_defineCacheKeyGenerator }) {
        experimental_defineCacheKeyGenerator(() => cacheKey);
      },
    },
  ],
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and components' rules: files share one module graph instead of importing it again each.
    isolate: false,
  },
});
