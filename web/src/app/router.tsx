import type { ApolloClient } from '@apollo/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { bindNavigation } from './navigation';
import { RouteError, RouteLoading } from './RouteError';
import { accountRoutes } from './routes/account-routes';
import { buyingRoutes } from './routes/buying-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { infoRoutes } from './routes/info-routes';
import { memberRoutes } from './routes/member-routes';
import { HomePage } from './routes/HomePage';
import { handle } from './routes/route-kit';
import { Layout } from './shell/Layout';

/**
 * Every route but home is a separate chunk, fetched when the buyer first goes there (bundle budget, ADR 0302).
 * Each area's routes live in its own module under `routes/`; a new page joins its area's list. Goods lists load
 * their first page in the route's loader, so the address changes together with the results.
 */
export function createRoutes(client: ApolloClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: HomePage, handle: handle({ title: '首页', categoryMenuOpen: true }) },
            ...catalogueRoutes(client),
            ...buyingRoutes(),
            ...memberRoutes(client),
            ...accountRoutes(),
            ...infoRoutes(),
          ],
        },
      ],
    },
  ];
}

export function createRouter(client: ApolloClient) {
  const router = createBrowserRouter(createRoutes(client));
  bindNavigation((to, options) => router.navigate(to, options));
  return router;
}
