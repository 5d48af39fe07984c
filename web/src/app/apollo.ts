import { ApolloClient, ApolloLink, HttpLink, type NormalizedCacheObject } from '@apollo/client';
import { createCache } from '../shared/apollo-cache';
import { config } from '../config';
import { errorLink, REQUEST_TIMEOUT_MS, timedFetch } from './errors';
import { createPersistedLink } from '../shared/persisted-link';

/** The terminating link an operation brought in its context (an upload: shared/upload-link.ts), if any. */
export function transportOf(operation: ApolloLink.Operation): ApolloLink | undefined {
  const transport: unknown = operation.getContext()['transport'];
  return transport instanceof ApolloLink ? transport : undefined;
}

/**
 * The browser's client. `serverState` is the cache the server rendered the page with (ADR 0310): restored, the first
 * render reads the same answers the HTML was made from, without asking again.
 */
export function createApolloClient(serverState?: NormalizedCacheObject): ApolloClient {
  // API-03, ERR-07: a request without an answer in 30 s is given up and the buyer told to refresh.
  const http = new HttpLink({
    uri: config.graphqlUrl,
    credentials: 'same-origin',
    fetch: timedFetch(REQUEST_TIMEOUT_MS),
  });
  // Uploads go through the link their control loads with itself (FILE-03), after the same error handling; the
  // upload library stays out of the home route's bundle.
  const transport = new ApolloLink((operation, forward) =>
    (transportOf(operation) ?? http).request(operation, forward),
  );
  const cache = createCache();
  if (serverState) cache.restore(serverState);
  // A buyer who changes something right after the page arrived must see the change: the queries refetched after
  // a mutation ask the network, even while the hydrating page still reads the server's answers.
  const settleOnChange = new ApolloLink((operation, forward) => {
    if (operation.operationType === 'mutation') client.prioritizeCacheValues = false;
    return forward(operation);
  });
  // SEC-20: every operation, uploads included, is sent by its trusted document's hash; the terminating link it then
  // goes through leaves the text out as the persisted-query link asks.
  const client = new ApolloClient({
    link: ApolloLink.from([settleOnChange, errorLink, createPersistedLink(), transport]),
    cache,
  });
  // Queries that always ask the network (network-only, cache-and-network) read the server's answers instead while
  // the page hydrates (`settleAfterHydration` ends it): what the HTML shows is seconds old at most, and asking again
  // would make hydration render something else than the HTML.
  if (serverState) client.prioritizeCacheValues = true;
  return client;
}

/** Once the page has hydrated, `network-only` and `cache-and-network` ask the network again (ADR 0310). */
export function settleAfterHydration(client: ApolloClient): void {
  // Parts of the page that hydrate a moment later (behind a lazily loaded chunk) still read the server's answers.
  setTimeout(() => {
    client.prioritizeCacheValues = false;
  }, 1000);
}
