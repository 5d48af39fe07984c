import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Vite resolves `graphql` to its ES build, Node to its CommonJS one; graphql-inspector loaded by Node would meet
    // schemas built by the other copy ("Cannot use GraphQLObjectType from another module"), so Vite loads it too.
    server: { deps: { inline: ['@graphql-inspector/core'] } },
  },
});
