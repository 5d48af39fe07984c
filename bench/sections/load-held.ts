// Section 7: the gateway under a mixed load of buyers' operations for a minute, each request with another buyer's
// session token, so no per-session cache can serve it.
import { print, type DocumentNode } from 'graphql';
import {
  CartPageDocument,
  GoodsListDocument,
  HomeDocument,
  SearchSuggestionsDocument,
  ShellCartDocument,
  ShellDocument,
} from '../../web/src/gql/graphql';
import { runLoad, type GatewayProcess } from '../lib/children';
import type { LoadRequest } from '../lib/load-spec';
import { cpuMs, rssMb } from '../lib/proc';
import { fixed } from '../lib/stats';

function operation(query: string, operationName: string, variables: Record<string, unknown>): LoadRequest {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, operationName, variables }),
  };
}

export const text = (document: unknown): string => print(document as DocumentNode);

/** The web client's operations the load cycles through, by name. */
function namedMix(): [string, LoadRequest][] {
  return [
    ['Shell', operation(text(ShellDocument), 'Shell', { withBase: true, withHeader: true })],
    ['Home', operation(text(HomeDocument), 'Home', {})],
    ['ShellCart', operation(text(ShellCartDocument), 'ShellCart', {})],
    ['GoodsList (page of 20)', operation(text(GoodsListDocument), 'GoodsList', { page: 1, pageSize: 20 })],
    [
      'SearchSuggestions',
      operation(text(SearchSuggestionsDocument), 'SearchSuggestions', { keyword: 'gm', by: 'NAME' }),
    ],
    ['CartPage', operation(text(CartPageDocument), 'CartPage', {})],
    [
      'goods(id)',
      operation(
        'query Goods($id: ID!) { goods(id: $id) { id name manufacturer stock isBuyable price { fen amount } } }',
        'Goods',
        {
          id: '2',
        },
      ),
    ],
  ];
}

/**
 * The mix, each operation checked once against `url` first: autocannon sees only HTTP statuses, and a GraphQL error
 * comes in a 200.
 */
export async function loadMix(url: string, tokens: string[]): Promise<LoadRequest[]> {
  const mix = namedMix();
  for (const [name, request] of mix) {
    const response = await fetch(url + request.path, {
      method: 'POST',
      headers: { ...request.headers, authorization: `Bearer ${tokens[0] ?? ''}` },
      body: request.body ?? null,
    });
    const answer = await response.text();
    if (!response.ok || answer.includes('"errors"')) throw new Error(`${name} fails: ${answer.slice(0, 300)}`);
  }
  return mix.map(([, request]) => request);
}

export async function measureLoadHeld(options: {
  gateway: GatewayProcess;
  tokens: string[];
  seconds: number;
  connections: number;
  cartLines: number;
}): Promise<{ markdown: string; errors: number; p99: number }> {
  const { gateway, tokens, seconds, connections, cartLines } = options;
  const mix = namedMix();
  const requests = await loadMix(gateway.url, tokens);
  const memoryBefore = rssMb(gateway.pid);
  const cpuBefore = cpuMs(gateway.pid);
  const result = await runLoad({
    url: gateway.url,
    connections,
    seconds,
    requests,
    tokens,
  });
  const cpuPerOp = (cpuMs(gateway.pid) - cpuBefore) / Math.max(1, result.requests);
  const memoryAfter = rssMb(gateway.pid);
  const markdown = [
    `${seconds} s, ${connections} connections, each connection cycling through ${mix.length} operations of the web`,
    `client (${mix.map(([name]) => name).join(', ')}); every request carries the next of ${tokens.length} session`,
    `tokens (separate logins), so consecutive requests are different buyers. Their cart has ${cartLines} lines.`,
    'Errors count transport errors, time-outs and non-2xx answers; each operation was first checked to answer without',
    'a GraphQL error, which autocannon cannot see inside a 200.',
    '',
    '| requests/s | p50 ms | p99 ms | requests | errors | gateway CPU ms/op | gateway RSS before → after |',
    '|---|---|---|---|---|---|---|',
    `| ${fixed(result.rps, 0)} | ${result.p50} | ${result.p99} | ${result.requests} | ${result.errors} | ${fixed(cpuPerOp, 2)} | ${fixed(memoryBefore, 0)} MB → ${fixed(memoryAfter, 0)} MB |`,
  ].join('\n');
  return { markdown, errors: result.errors, p99: result.p99 };
}
