import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { createCache } from '../shared/apollo-cache';
import { config } from '../config';
import { errorLink } from './errors';

export function createApolloClient(): ApolloClient {
  const http = new HttpLink({ uri: config.graphqlUrl, credentials: 'same-origin' });
  return new ApolloClient({
    link: ApolloLink.from([errorLink, http]),
    cache: createCache(),
  });
}
