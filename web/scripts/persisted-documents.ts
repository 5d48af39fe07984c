// The web's trusted documents (SEC-20, ADR 0212), made by codegen's client preset: each operation's hash is embedded
// in its generated document (`__meta__.hash`) and the preset writes web/src/gql/persisted-documents.json, which the
// Vite build copies into web/dist for the gateway.
import { createHash } from 'node:crypto';
import { Kind, visit, type DocumentNode, type FieldNode } from 'graphql';

/**
 * The contract's hash: sha256 in hex, as Apollo's persisted-query extension sends it (`sha256Hash`). The preset's own
 * 'sha256' prefixes it with "sha256:", which neither Apollo nor the contract expects.
 */
export const sha256Hex = (document: string): string => createHash('sha256').update(document).digest('hex');

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/**
 * Adds `__typename` where Apollo Client's cache adds it before sending (its addTypenameToDocument): every selection
 * set but an operation's own. A persisted document is run as the manifest has it, not as the browser would have sent
 * it, so without these the cache could not tell an answer's types and would stop normalising (`Cart:<id>`). The
 * preset's own transform also adds one at each operation's root, which would put `__typename` into every result type.
 */
export const apolloTypenames = {
  transform: <Source extends { document?: DocumentNode | undefined }>({
    documents,
  }: {
    documents: Source[];
  }): Source[] =>
    documents.map((source) => ({
      ...source,
      document:
        source.document &&
        visit(source.document, {
          SelectionSet(node, _key, parent) {
            if (parent && !Array.isArray(parent) && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION) {
              return undefined;
            }
            // Apollo leaves a selection that already asks for __typename, or introspects (`__type`), as it is.
            if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))) return undefined;
            return { ...node, selections: [...node.selections, TYPENAME] };
          },
        }),
    })),
};
