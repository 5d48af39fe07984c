import type { CodegenConfig } from '@graphql-codegen/cli';
import { gatewayMappers } from './gateway/scripts/mappers';
import { apolloTypenames, sha256Hex } from './web/scripts/persisted-documents';

// One config for both sides of the contract: typed resolvers for the gateway, typed documents for the web.
// Output is generated at install (`prepare`) and build time and never committed.
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  overwrite: true,
  ignoreNoDocuments: true,
  generates: {
    // gateway: begin (owned by the gateway; mappers are found by convention, ADR 0206)
    'gateway/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.js#Context',
        enumsAsTypes: true,
        scalars: { DateTime: 'string', File: 'File' },
        mappers: gatewayMappers(),
      },
    },
    // gateway: end
    // web: begin (owned by the web client)
    'web/src/gql/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
      preset: 'client',
      // SEC-20: the documents as Apollo sends them (with `__typename`), hashed into persisted-documents.json.
      documentTransforms: [apolloTypenames],
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', File: 'File' } },
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: sha256Hex } },
    },
    // web: end
  },
};

export default config;
