import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';

export interface FreshFetchPolicy {
  fetchPolicy: WatchQueryFetchPolicy;
  nextFetchPolicy?: WatchQueryFetchPolicy;
}

/**
 * API-06: the fetch policy of a query whose answer must never be stale. Normally `network-only`. In the component
 * that hydrates a page the server has just rendered (the client still prioritises the cache, ADR 0310), the server's
 * answer in the cache is the fresh one: `cache-first` reads it, then `network-only` for any later variables. A plain
 * `network-only` would read it too, but Apollo Client 4.3 then never watches the cache for that query (it waits for
 * a network answer that prioritised cache values never bring), so the page would not follow a mutation's answer.
 * Decided once per component, so a later render does not switch policy and ask again.
 */
export function useFreshFetchPolicy(): FreshFetchPolicy {
  const client = useApolloClient();
  const [hydrating] = useState(() => client.prioritizeCacheValues);
  return hydrating ? { fetchPolicy: 'cache-first', nextFetchPolicy: 'network-only' } : { fetchPolicy: 'network-only' };
}
