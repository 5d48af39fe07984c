import type { NormalizedCacheObject } from '@apollo/client';
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createSessionChangeLoader } from '../shared/session-change';
import { createApolloClient, settleAfterHydration } from './apollo';
import { AppProviders } from './providers';
import { createRoutes, createRouter, loadAreaRoutes, onlyCatchAllMatches, resolveRoutesOf } from './router';
import { ROUTER_STATE_ID } from './server-state';
import { Strict } from './strict';

declare global {
  interface Window {
    /** Where createBrowserRouter looks for the server's router state (and revives its route errors). */
    __staticRouterHydrationData?: unknown;
  }
}

/**
 * Continues a page the server rendered (ADR 0310): the cache it was made from is restored, the routes it matched are
 * made ready as they were there, and React adopts the HTML instead of drawing it again.
 */
export async function hydrate(root: HTMLElement, state: NormalizedCacheObject, styled: Promise<void>): Promise<void> {
  const client = createApolloClient(state);
  const clientOf = () => client;
  const rootLoader = createSessionChangeLoader(undefined, undefined, true);
  let routes = createRoutes(clientOf, { rootLoader });
  let areasIncluded = false;
  // The server rendered with every area's routes: a page of a lazily discovered area hydrates with them.
  if (onlyCatchAllMatches(routes, window.location.pathname)) {
    routes = createRoutes(clientOf, { rootLoader, areas: await loadAreaRoutes(clientOf) });
    areasIncluded = true;
  }
  // A route whose code is still to be fetched would render its loading fallback instead of the server's HTML.
  await resolveRoutesOf(routes, window.location.pathname);
  const routerState = document.getElementById(ROUTER_STATE_ID)?.textContent;
  if (routerState) window.__staticRouterHydrationData = JSON.parse(routerState);
  const router = createRouter(client, routes, areasIncluded);
  // SSR-02: a part that renders differently in the browser (a member's badge, say) must find its rules applied.
  await styled;

  // A wrapper, not a sibling of the router: React's generated ids follow the tree's shape, which must be the server's.
  function Hydration({ children }: { children: ReactNode }) {
    useEffect(() => {
      settleAfterHydration(client);
      // What tests (and scripts) wait for before they type: before it, the HTML is not yet the app.
      document.documentElement.dataset['hydrated'] = 'true';
    }, []);
    return children;
  }

  // In a transition, hydration yields to the browser every few milliseconds: taps and scrolling stay answered on a
  // slow phone while the page becomes interactive (no long task).
  startTransition(() => {
    hydrateRoot(
      root,
      <Strict>
        <RendererProvider renderer={createDOMRenderer(document)} targetDocument={document}>
          <AppProviders client={client} targetDocument={document} origin={window.location.origin}>
            <Hydration>
              <RouterProvider router={router} />
            </Hydration>
          </AppProviders>
        </RendererProvider>
      </Strict>,
    );
  });
}
