import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

/** Who is browsing: for everything that behaves differently for a visitor (add to cart, the cart query). */
export const ViewerQuery = graphql(`
  query Viewer {
    me {
      id
      username
      company
    }
  }
`);

export interface Viewer {
  /** True once the answer is known: before that, nobody is treated as a visitor or as signed in. */
  known: boolean;
  signedIn: boolean;
}

/**
 * Reads `me` from the cache only: the shell's query (on every page) fetches it, and a second request for the
 * same field at start-up would be one more upstream call per page load. The answer follows the cache, so it
 * changes when the shell's query answers, after login (store reset) and after logout (reload).
 */
export function useViewer(): Viewer {
  const { data } = useQuery(ViewerQuery, { fetchPolicy: 'cache-only' });
  return { known: data !== undefined, signedIn: Boolean(data?.me) };
}
