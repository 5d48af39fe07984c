import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';

/**
 * The hash codegen embedded in a generated document (`__meta__.hash`, web/scripts/persisted-documents.ts): the key of
 * that document in web/dist/persisted-documents.json. Read, never computed, so the browser carries no SHA-256.
 */
export function persistedHashOf(document: DocumentNode): string {
  const meta = '__meta__' in document ? document.__meta__ : undefined;
  if (typeof meta === 'object' && meta !== null && 'hash' in meta && typeof meta.hash === 'string') return meta.hash;
  // A document written outside codegen's `graphql()` is in no manifest: a gateway that accepts only trusted documents
  // would refuse it in production, so it fails here, in development, instead.
  const name = document.definitions.find((definition) => definition.kind === 'OperationDefinition')?.name?.value;
  throw new Error(`${name ?? 'An operation'} has no persisted-document hash: write it with graphql() from gql/.`);
}

/**
 * SEC-20: operations travel as the hash of a trusted document (Apollo's persisted-query extension) instead of their
 * text. A gateway that does not know the hash (PERSISTED_QUERY_NOT_FOUND: a build newer than the gateway's manifest)
 * is asked again with the text, which it runs unless it accepts only trusted documents (SEC-21). POST, not GET: the
 * gateway's CSRF prevention and the server render both expect a body.
 */
export function createPersistedLink(): PersistedQueryLink {
  return new PersistedQueryLink({ generateHash: persistedHashOf });
}
