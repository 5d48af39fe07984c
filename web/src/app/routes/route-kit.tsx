import type { ApolloClient } from '@apollo/client';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import type { RouteHandle } from '../route-handle';

/**
 * The Apollo client a route's loader runs with. The browser has one for the whole visit; the server builds its route
 * table once and hands each request's own client to the loaders in React Router's request context (ADR 0310), so
 * the loaders ask for it instead of closing over one.
 */
export type ClientOf = (args: { context: unknown }) => ApolloClient;

export const handle = (value: RouteHandle): RouteHandle => value;

export const searchParamsOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

/** A page whose module's default export is the whole route, fetched on the buyer's first visit (ADR 0302). */
export function lazyPage(
  path: string,
  routeHandle: RouteHandle | undefined,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject {
  return { path, handle: routeHandle, lazy: async () => ({ Component: (await load()).default }) };
}

/**
 * A page that loads its first answers in the route's loader: the address and what it shows change together, and the
 * server finds them in the cache and renders the page in one pass. The module's `preload` asks exactly what the page's
 * own queries ask, with the variables it reads from the same search params.
 */
export function dataPage(
  clientOf: ClientOf,
  path: string,
  routeHandle: RouteHandle | undefined,
  load: () => Promise<{
    default: ComponentType;
    preload: (client: ApolloClient, params: URLSearchParams) => Promise<null>;
  }>,
): RouteObject {
  return {
    path,
    handle: routeHandle,
    lazy: async () => {
      const page = await load();
      return { Component: page.default, loader: (args) => page.preload(clientOf(args), searchParamsOf(args)) };
    },
  };
}

/**
 * A three-step flow (registration, password reset): the flow's module holds the steps' shared state in its default
 * export (or the export named by `flow`, for a module with two variants), and the bare address leads to step 1.
 */
export function stepFlow<M extends Record<K, ComponentType>, K extends keyof M>(
  path: string,
  routeHandle: RouteHandle,
  load: () => Promise<M>,
  steps: readonly [K, K, K],
  flow: K,
): RouteObject {
  return {
    path,
    handle: routeHandle,
    lazy: async () => ({ Component: (await load())[flow] }),
    children: [
      { index: true, element: <Navigate to="step1" replace /> },
      ...steps.map((step, index): RouteObject => ({
        path: `step${index + 1}`,
        lazy: async () => ({ Component: (await load())[step] }),
      })),
    ],
  };
}
