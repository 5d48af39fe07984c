import type { ApolloClient } from '@apollo/client';
import { createBrowserRouter, matchRoutes, type LoaderFunction, type RouteObject } from 'react-router';
import { bindNavigation } from './navigation';
import { RouteError, RouteLoading } from './RouteError';
import { accountRoutes } from './routes/account-routes';
import { buyingRoutes } from './routes/buying-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { HomePage, preloadHome } from './routes/HomePage';
import { type ClientOf, handle } from './routes/route-kit';
import { Layout } from './shell/Layout';

/** The route whose children the lazily discovered areas join (ADR 0309). */
const PAGES_ROUTE_ID = 'pages';

export interface RouteOptions {
  /** The root route's loader: AUTH-10's session-change check in the browser, nothing on the server. */
  rootLoader: LoaderFunction;
  /** The areas a first visit rarely needs, when they are known from the start (the server; ADR 0309, 0310). */
  areas?: RouteObject[];
}

/**
 * Every route but home is a separate chunk, fetched when the buyer first goes there (bundle budget, ADR 0302).
 * Each area's routes live in its own module under `routes/`; a new page joins its area's list. Goods lists and most
 * other pages load their first answers in the route's loader, so the address changes together with the results (and
 * the server renders them in one pass). The table of the areas a first visit rarely needs (member pages, help,
 * promotions) is itself fetched when first needed (ADR 0309). The server renders with the same table, areas
 * included, so route ids agree when the browser hydrates (ADR 0310).
 */
export function createRoutes(clientOf: ClientOf, options: RouteOptions): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      // AUTH-10: before any route resolves, a session change since the last one loads the page anew.
      loader: options.rootLoader,
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
              loader: (args) => preloadHome(clientOf(args)),
              handle: handle({ title: '首页', categoryMenuOpen: true, sideNav: true }),
            },
            ...catalogueRoutes(clientOf),
            ...buyingRoutes(clientOf),
            ...accountRoutes(clientOf),
            ...(options.areas ?? []),
          ],
        },
      ],
    },
  ];
}

/** Whether only the catch-all knows `pathname`: the address belongs to an area not in the table yet (ADR 0309). */
export function onlyCatchAllMatches(routes: RouteObject[], pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

/**
 * Before hydrating, the routes the server rendered must be ready as they were there: a route whose code is still
 * to be fetched would render its loading fallback instead of the server's HTML (ADR 0310).
 */
export async function resolveRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const resolved = await route.lazy();
    Object.assign(route, resolved, { lazy: undefined });
  }
}

/** The lazily discovered areas' routes (ADR 0309), fetched on first need. */
export async function loadAreaRoutes(clientOf: ClientOf): Promise<RouteObject[]> {
  const { lazyAreaRoutes } = await import('./routes/lazy-areas');
  return lazyAreaRoutes(clientOf);
}

export function createRouter(client: ApolloClient, routes: RouteObject[], areasIncluded: boolean) {
  let areas: Promise<void> | undefined = areasIncluded ? Promise.resolve() : undefined;
  const router = createBrowserRouter(routes, {
    // ADR 0309: an address the first table does not know (only the catch-all matches it) fetches the other areas'
    // table once; the router then matches again, so /user and a true 404 both end where they should.
    patchRoutesOnNavigation: ({ patch }) =>
      (areas ??= loadAreaRoutes(() => client).then(
        (routes) => patch(PAGES_ROUTE_ID, routes),
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
