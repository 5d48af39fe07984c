// The web's server entry (ADR 0310): the gateway renders each page request with it, through the same routes, loaders,
// queries and components as the browser, and sends HTML that already shows what the buyer asked for.
import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { createDOMRenderer, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import type { ServerRenderRequest, ServerRenderResult } from '@pharma/domain/server-render';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type LoaderFunctionArgs,
  type StaticHandlerContext,
} from 'react-router';
import { config } from './config';
import { AppProviders } from './app/providers';
import { mergeHandles } from './app/route-handle';
import { createRoutes } from './app/router';
import { lazyAreaRoutes } from './app/routes/lazy-areas';
import type { ClientOf } from './app/routes/route-kit';
import { frameAsksForBase, ShellQuery } from './app/shell/shell-query';
import { APOLLO_STATE_ID, scriptSafeJson } from './app/server-state';
import { reactionsFor, SECONDARY, type InlineInputErrorsContext } from './shared/error-policy';
import { createCache } from './shared/apollo-cache';
import { ServerRedirectContext } from './shared/navigate';
import { loginPath } from './shared/redirect';
import { composeTitle } from './shared/title';

/** Rounds of rendering until no component asks for more data; the deepest page needs three (frame, page, a part). */
const MAX_RENDERS = 6;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * A client for one page request: its requests run through the gateway in this process with the buyer's cookie, and
 * it notes when the page's own query found no session, which the browser would answer by going to the login page.
 */
function serverClient(request: ServerRenderRequest, onSignInNeeded: () => void): ApolloClient {
  const http = new HttpLink({
    uri: '/graphql',
    fetch: async (_input, init) => {
      if (typeof init?.body !== 'string') throw new Error('the server renders with JSON requests only');
      return request.graphql(init.body);
    },
  });
  const signIn = new ErrorLink(({ error, operation }) => {
    const context = operation.getContext() as InlineInputErrorsContext;
    if (context.secondary === true || !CombinedGraphQLErrors.is(error)) return;
    if (reactionsFor(error.errors).some((reaction) => reaction.kind === 'login')) onSignInNeeded();
  });
  return new ApolloClient({ ssrMode: true, link: ApolloLink.from([signIn, http]), cache: createCache() });
}

/** The router state the browser starts from; errors as React Router's own server rendering writes them. */
function hydrationData(context: StaticHandlerContext) {
  const errors =
    context.errors === null
      ? null
      : Object.fromEntries(
          Object.entries(context.errors).map(([id, error]: [string, unknown]) => [
            id,
            isRouteErrorResponse(error)
              ? { ...error, __type: 'RouteErrorResponse' }
              : error instanceof Error
                ? { message: error.message, __type: 'Error' }
                : error,
          ]),
        );
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/** What each request hands its route loaders through React Router's request context: its own Apollo client. */
class RequestScope {
  constructor(readonly client: ApolloClient) {}
}

const clientOf: ClientOf = ({ context }) => {
  if (context instanceof RequestScope) return context.client;
  throw new Error('a route loader ran outside a page request');
};

/**
 * The root loader fetches the frame's data with everything it may show before anything renders: every page reads who
 * is browsing from it, so the first round of rendering already knows (a member page sends a visitor to sign in)
 * instead of taking a round more. It answers nothing, as the browser's AUTH-10 check does on a document's first route.
 */
async function rootLoader(args: LoaderFunctionArgs): Promise<null> {
  const { pathname } = new URL(args.request.url);
  const handle = mergeHandles(matchRoutes(handler.dataRoutes, pathname)?.map((match) => match.route.handle) ?? []);
  await clientOf(args)
    .query({
      query: ShellQuery,
      // SHELL-15: the same variables as the frame's own query (Layout), so the first round of rendering finds them
      // in the cache: no base on the login page, no menus under a login-style header.
      variables: { withBase: frameAsksForBase(pathname, false), withHeader: !handle.loginHeader },
      errorPolicy: 'all',
      context: SECONDARY,
    })
    // ERR-10: the frame is secondary; without it the page still renders, and the browser asks again.
    .catch(() => undefined);
  return null;
}

/**
 * One route table and handler for every request, every area included (ADR 0309's discovery is the browser's):
 * flattening and ranking the table costs more than a page's own loaders, and lazily loaded route modules resolve
 * once for the life of the process. Loaders find the request's client in the request context.
 */
const handler = createStaticHandler(createRoutes(clientOf, { rootLoader, areas: lazyAreaRoutes(clientOf) }));

export async function render(request: ServerRenderRequest): Promise<ServerRenderResult> {
  const url = new URL(request.url);
  let signInNeeded = false;
  const client = serverClient(request, () => {
    signInNeeded = true;
  });
  const context = await handler.query(
    new Request(url, { headers: request.cookie ? { cookie: request.cookie } : {}, signal: request.signal }),
    { requestContext: new RequestScope(client) },
  );
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const leaf = context.matches.at(-1)?.route;
  // The catch-all sends the browser to the 404 page (`<Navigate>`); the server says the same with a redirect.
  if (leaf?.path === '*') return { kind: 'redirect', status: 302, location: '/404' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const renderer = createDOMRenderer();
  // A page that sends the buyer elsewhere (`<Navigate>`) in the last round of rendering makes the answer a redirect;
  // earlier rounds may have rendered with data still missing, so each round starts afresh.
  let redirectTo: string | null = null;
  const tree = (
    <RendererProvider renderer={renderer}>
      <AppProviders client={client} origin={url.origin}>
        <ServerRedirectContext value={(to) => (redirectTo ??= to)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerRedirectContext>
      </AppProviders>
    </RendererProvider>
  );
  const { result, aborted } = await prerenderStatic({
    tree,
    context: { client },
    signal: request.signal,
    maxRerenders: MAX_RENDERS,
    renderFunction: (node) => {
      redirectTo = null;
      return prerenderToNodeStream(node, { signal: request.signal });
    },
  });
  if (aborted) throw new Error('rendering was cancelled');
  if (signInNeeded) return { kind: 'redirect', status: 302, location: loginPath(url) };
  if (redirectTo !== null) return { kind: 'redirect', status: 302, location: redirectTo };

  const handle = mergeHandles(context.matches.map((match) => match.route.handle));
  const title = composeTitle(handle.title, config.siteTitle);
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
  return {
    kind: 'page',
    status: leaf?.path === '404' ? 404 : context.statusCode,
    head: `<title>${escapeHtml(title)}</title>${styles}`,
    body: result,
    data:
      `<script type="application/json" id="${APOLLO_STATE_ID}">${scriptSafeJson(client.extract())}</script>` +
      // React Router's own hand-over (what StaticRouterProvider would write inside the app, where the browser's
      // RouterProvider has nothing to match it), read by createBrowserRouter.
      `<script>window.__staticRouterHydrationData=${scriptSafeJson(hydrationData(context))}</script>`,
  };
}
