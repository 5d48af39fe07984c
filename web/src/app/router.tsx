import type { ApolloClient } from '@apollo/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { bindNavigation } from './navigation';
import { RouteError, RouteLoading } from './RouteError';
import { accountRoutes } from './routes/account-routes';
import { buyingRoutes } from './routes/buying-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { HomePage } from './routes/HomePage';
import { handle } from './routes/route-kit';
import { Layout } from './shell/Layout';
import { createSessionChangeLoader } from '../shared/session-change';

/** The route whose children the lazily discovered areas join (ADR 0309). */
const PAGES_ROUTE_ID = 'pages';

/**
 * Every route but home is a separate chunk, fetched when the buyer first goes there (bundle budget, ADR 0302).
 * Each area's routes live in its own module under `routes/`; a new page joins its area's list. Goods lists load
 * their first page in the route's loader, so the address changes together with the results. The table of the
 * areas a first visit rarely needs (member pages, help, promotions) is itself fetched when first needed (ADR 0309).
 */
export function createRoutes(client: ApolloClient): RouteObject[] {
  const sessionChangeLoader = createSessionChangeLoader();
  return [
    {
      path: '/',
      Component: Layout,
      // AUTH-10: before any route resolves, a session change since the last one loads the page anew.
      loader: sessionChangeLoader,
      shouldRevalidate: () => true,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        {
          id: PAGES_ROUTE_ID,
          ErrorBoundary: RouteError,
          children: [
            {
              index: true,
              Component: HomePage,
              handle: handle({ title: '首页', categoryMenuOpen: true, sideNav: true }),
            },
            ...catalogueRoutes(client),
            ...buyingRoutes(),
            ...accountRoutes(),
          ],
        },
      ],
    },
  ];
}

export function createRouter(client: ApolloClient) {
  let areas: Promise<void> | undefined;
  const router = createBrowserRouter(createRoutes(client), {
    // ADR 0309: an address the first table does not know (only the catch-all matches it) fetches the other areas'
    // table once; the router then matches again, so /user and a true 404 both end where they should.
    patchRoutesOnNavigation: ({ patch }) =>
      (areas ??= import('./routes/lazy-areas').then(
        ({ lazyAreaRoutes }) => patch(PAGES_ROUTE_ID, lazyAreaRoutes(client)),
        (error: unknown) => {
          // A failed fetch (offline a moment) is tried again on the next navigation.
          areas = undefined;
          throw error;
        },
      )),
  });
  bindNavigation((to, options) => router.navigate(to, options));
  return router;
}
