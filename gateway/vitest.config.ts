import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The files share one module graph instead of importing graphql, Yoga, envelop and undici again each (ADR 0221):
    // that import was most of this project's time. None mocks a module; each builds the gateways it tests.
    isolate: false,
    // Vitest's 5 s is a quiet machine's: beside the browser suites on CI's two cores, compressing GraphiQL's 9 MB for
    // the first time ran past it. What a test asserts about time, it asserts itself.
    testTimeout: 20_000,
    // Vite resolves `graphql` to its ES build, Node to its CommonJS one; graphql-inspector loaded by Node would meet
    // schemas built by the other copy ("Cannot use GraphQLObjectType from another module"), so Vite loads it too.
    server: { deps: { inline: ['@graphql-inspector/core'] } },
  },
});
