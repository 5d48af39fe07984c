import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApolloClient, ApolloLink, gql } from '@apollo/client';
import type { FormattedExecutionResult } from 'graphql';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo-cache';
import { createPersistedLink, persistedHashOf } from './persisted-link';
import { ViewerQuery } from './viewer';

interface Sent {
  hash: unknown;
  includeQuery: unknown;
}

/** A client whose transport records what each request would carry and answers from `answers` in turn. */
function clientAnswering(answers: FormattedExecutionResult[]) {
  const sent: Sent[] = [];
  const transport = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const http: unknown = operation.getContext()['http'];
        sent.push({
          hash: operation.extensions['persistedQuery'],
          includeQuery: typeof http === 'object' && http !== null && 'includeQuery' in http ? http.includeQuery : true,
        });
        observer.next(answers[sent.length - 1] ?? { errors: [{ message: 'no answer left' }] });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link: ApolloLink.from([createPersistedLink(), transport]), cache: createCache() });
  return { client, sent };
}

const me = { me: { __typename: 'User', id: '1', username: 'demo', company: '演示药房' } };
const manifest = JSON.parse(
  readFileSync(new URL('../gql/persisted-documents.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('trusted documents in the client (SEC-20)', () => {
  it('SEC-20: sends the hash codegen embedded, without the text, for a document of the manifest', async () => {
    const { client, sent } = clientAnswering([{ data: me }]);
    const { data } = await client.query({ query: ViewerQuery });
    expect(data?.me?.username).toBe('demo');
    const hash = persistedHashOf(ViewerQuery);
    expect(sent).toEqual([{ hash: { version: 1, sha256Hash: hash }, includeQuery: false }]);
    // The manifest's text is what the gateway runs: it must hash to its key and ask for what the cache needs.
    const text = manifest[hash];
    expect(text).toBeDefined();
    expect(
      createHash('sha256')
        .update(text ?? '')
        .digest('hex'),
    ).toBe(hash);
    expect(text).toContain('me { __typename');
  });

  it('SEC-20: sends the text once the gateway does not know the hash (PERSISTED_QUERY_NOT_FOUND)', async () => {
    const notFound = { errors: [{ message: '未知的查询文档', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
    const { client, sent } = clientAnswering([notFound, { data: me }]);
    const { data } = await client.query({ query: ViewerQuery });
    expect(data?.me?.id).toBe('1');
    expect(sent.map((request) => request.includeQuery)).toEqual([false, true]);
  });

  it('SEC-20: refuses a document written outside codegen, which no manifest holds', async () => {
    const { client, sent } = clientAnswering([{ data: me }]);
    await expect(client.query({ query: gql('query Stray { me { id } }') })).rejects.toThrow(/Stray has no persisted/);
    expect(sent).toEqual([]);
  });
});
