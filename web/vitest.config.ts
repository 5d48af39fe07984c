import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { webConfigDefine, webConfigFor } from './config.ts';

export default defineProject({
  define: webConfigDefine(webConfigFor('test', fileURLToPath(new URL('.', import.meta.url)))),
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and components' rules: files share one module graph instead of importing it again each.
    isolate: false,
  },
});
