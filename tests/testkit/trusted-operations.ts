// The web's own operations as production sends them (SEC-20, SEC-21): by the sha256 of a document the web build
// listed, never as text, so a gateway with TRUSTED_DOCUMENTS=only (the production default) runs them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kind, parse } from 'graphql';

/** The operations of web/dist/persisted-documents.json by name, each the hash it is sent by. */
export function trustedOperations(webDist: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(webDist, 'persisted-documents.json'), 'utf8')) as Record<
    string,
    string
  >;
  const byName = new Map<string, string>();
  for (const [hash, text] of Object.entries(manifest)) {
    for (const definition of parse(text).definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) byName.set(definition.name.value, hash);
    }
  }
  return byName;
}

/** The JSON body of one operation sent by its hash, as Apollo's persisted-query link sends it. */
export function persistedBody(
  operations: Map<string, string>,
  name: string,
  variables: Record<string, unknown> = {},
): string {
  const sha256Hash = operations.get(name);
  if (sha256Hash === undefined) throw new Error(`the web build lists no operation ${name}`);
  return JSON.stringify({ operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash } } });
}

export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}
