/**
 * Route loader work: a page's first answers are fetched before the route commits, so the new address appears with its
 * content and the page's own queries are answered from Apollo's cache. A failure is left to those queries, which
 * render the page's error state, so the loader never fails the navigation.
 */
export async function preloadAll(...work: (Promise<unknown> | null)[]): Promise<null> {
  await Promise.allSettled(work);
  return null;
}
