// Every operation the web client sends fits the gateway's armor limits (depth, tokens, aliases, cost). The limits
// are sized to the largest real client operation, so a fragment that grows a cart answer one level deeper must fail
// here rather than in a buyer's browser, where a refused mutation changes nothing.
import { print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../web/src/gql/graphql';
import { FakeUpstream } from '../gateway/src/testkit/fake-upstream';
import { testGateway } from '../gateway/src/testkit/gateway';

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'Document';

describe('the web client’s operations', () => {
  it('all pass the gateway’s limits', async () => {
    const upstream = await FakeUpstream.start();
    const gw = testGateway(upstream.url);
    try {
      const refused: string[] = [];
      const operations = Object.entries(documents).filter(
        (entry): entry is [string, DocumentNode] => entry[0].endsWith('Document') && isDocument(entry[1]),
      );
      expect(operations.length).toBeGreaterThan(20);
      for (const [name, document] of operations) {
        const { body } = await gw.gql(print(document), {});
        for (const error of body.errors ?? [])
          if (/limit/i.test(error.message)) refused.push(`${name}: ${error.message}`);
      }
      expect(refused).toEqual([]);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});
