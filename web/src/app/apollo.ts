import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { createCache } from '../shared/apollo-cache';
import { config } from '../config';
import { errorLink } from './errors';

/** The terminating link an operation brought in its context (an upload: shared/upload-link.ts), if any. */
export function transportOf(operation: ApolloLink.Operation): ApolloLink | undefined {
  const transport: unknown = operation.getContext()['transport'];
  return transport instanceof ApolloLink ? transport : undefined;
}

export function createApolloClient(): ApolloClient {
  const http = new HttpLink({ uri: config.graphqlUrl, credentials: 'same-origin' });
  // Uploads go through the link their control loads with itself (FILE-03), after the same error handling; the
  // upload library stays out of the home route's bundle.
  const transport = new ApolloLink((operation, forward) =>
    (transportOf(operation) ?? http).request(operation, forward),
  );
  return new ApolloClient({
    link: ApolloLink.from([errorLink, transport]),
    cache: createCache(),
  });
}
