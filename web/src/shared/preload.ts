import type { ApolloClient } from '@apollo/client';
import { ViewerQuery } from './viewer';

/**
 * Route loader work: a page's first answers are fetched before the route commits, so the new address appears with its
 * content and the page's own queries are answered from Apollo's cache. A failure is left to those queries, which
 * render the page's error state, so the loader never fails the navigation.
 */
export async function preloadAll(...work: (Promise<unknown> | null)[]): Promise<null> {
  await Promise.allSettled(work);
  return null;
}

/**
 * A member page's loader work, left to the page when the cache already knows a visitor: a loader runs before the
 * address changes, so its refusal would send them to sign in with the page they came from as the way back, while the
 * page's own query does so from its own address. The server knows nobody yet and asks: it turns the refusal into a
 * redirect to the login page for the page's address.
 */
export function preloadForMember(client: ApolloClient, work: () => (Promise<unknown> | null)[]): Promise<null> {
  const viewer = client.readQuery({ query: ViewerQuery });
  return viewer && !viewer.me ? preloadAll() : preloadAll(...work());
}
