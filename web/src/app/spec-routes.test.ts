import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './router';
import { lazyAreaRoutes } from './routes/lazy-areas';
import { SPEC_ADDRESSES } from './spec-addresses';

/** The whole table as the router has it once the lazily discovered areas joined (ADR 0309), as the server does. */
function fullTable(): RouteObject[] {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  const routes = createRoutes(() => client, { rootLoader: () => null, areas: lazyAreaRoutes(() => client) });
  return routes;
}

/** Where an address ends up: the route it matches, following redirect elements (`<Navigate to>`) a few times. */
function landing(routes: RouteObject[], address: string): { path: string; route: RouteObject | undefined } {
  let path = address;
  for (let hop = 0; hop < 4; hop += 1) {
    const matches = matchRoutes(routes, path);
    const route = matches?.at(-1)?.route;
    const element = route?.element;
    const to = isValidElement<{ to: unknown }>(element) ? element.props.to : undefined;
    if (typeof to !== 'string' || !to.startsWith('/')) return { path, route };
    path = to;
  }
  throw new Error(`${address} redirects in a loop`);
}

describe('the route table', () => {
  const routes = fullTable();

  it('SHELL-10: every address of the product (with every alias) leads to a page, none to the catch-all', () => {
    const lost = SPEC_ADDRESSES.filter((address) => {
      const { path, route } = landing(routes, address);
      return route === undefined || route.path === '*' || (path === '/404' && address !== '/404');
    });
    expect(lost).toEqual([]);
    // Over a hundred addresses, each matched and its redirects followed: seconds on a machine busy with other suites.
  }, 60_000);

  it('SHELL-10: an address that is no page still goes to /404', () => {
    expect(landing(routes, '/no-such-page/at-all').path).toBe('/404');
  });
});
