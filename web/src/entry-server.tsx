// The web's server entry (ADR 0310): the gateway renders each page request with it, through the same routes, loaders,
// queries and components as the browser, and sends HTML that already shows what the buyer asked for.
import type { ApolloClient } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { createDOMRenderer, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import type { ServerRenderRequest, ServerRenderResult } from '@pharma/domain/server-render';
import { text } from 'node:stream/consumers';
import type { ReactNode } from 'react';
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
import { mergeHandles, type RouteHandle } from './app/route-handle';
import { createRoutes } from './app/router';
import { lazyAreaRoutes } from './app/routes/lazy-areas';
import type { ClientOf } from './app/routes/route-kit';
import { frameAsksForBase, ShellQuery } from './app/shell/shell-query';
import { TopRightAdQuery } from './app/shell/top-right-ad';
import { ShellCartQuery } from './features/cart/cart-query';
import { serverClient, type PageClient } from './app/server-client';
import { APOLLO_STATE_ID, ROUTER_STATE_ID, scriptSafeJson } from './app/server-state';
import { SECONDARY } from './shared/error-policy';
import { ServerRedirectContext } from './shared/navigate';
import { loginPath } from './shared/redirect';
import { ViewerQuery } from './shared/viewer';
import { composeTitle } from './shared/title';
import { criticalStyle } from './app/critical-css';

/** Rounds of rendering until no component asks for more data; the deepest page needs three (frame, page, a part). */
const MAX_RENDERS = 6;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
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
 * The merged handle of the routes a page matched, once per route pattern (`/list/info/:id`): matching a path against
 * the table flattens and ranks the whole table again, which cost more than the rest of the root loader. A pattern
 * names one chain of routes, so its handle is the same for every path it matches; the map holds one entry per route.
 */
const handles = new Map<string, RouteHandle>();
function handleOf(pattern: string, pathname: string): RouteHandle {
  let handle = handles.get(pattern);
  if (handle === undefined) {
    handle = mergeHandles(matchRoutes(handler.dataRoutes, pathname)?.map((match) => match.route.handle) ?? []);
    handles.set(pattern, handle);
  }
  return handle;
}

/**
 * The root loader fetches the frame's data with everything it may show before anything renders: every page reads who
 * is browsing from it, so the first round of rendering already knows (a member page sends a visitor to sign in)
 * instead of taking a round more. It answers nothing, as the browser's AUTH-10 check does on a document's first route.
 */
async function rootLoader(args: LoaderFunctionArgs): Promise<null> {
  const { pathname } = args.url;
  const handle = handleOf(args.pattern, pathname);
  const client = clientOf(args);
  await Promise.all([
    client
      .query({
        query: ShellQuery,
        // SHELL-15: the same variables as the frame's own query (Layout), so the first round of rendering finds them
        // in the cache: no base on the login page, no menus under a login-style header.
        variables: { withBase: frameAsksForBase(pathname, false), withHeader: !handle.loginHeader },
        errorPolicy: 'all',
        context: SECONDARY,
      })
      // ERR-10: the frame is secondary; without it the page still renders, and the browser asks again.
      .catch(() => undefined),
    // SHELL-20: the top-right advertisements of the routes that show them, beside the frame's own answer.
    handle.topRightAd
      ? client.query({ query: TopRightAdQuery, errorPolicy: 'all', context: SECONDARY }).catch(() => undefined)
      : undefined,
  ]);
  // A member's frame shows the cart's badge and panel; it is asked for only once the frame says who is browsing.
  if (client.readQuery({ query: ViewerQuery })?.me) {
    await client.query({ query: ShellCartQuery, errorPolicy: 'all', context: SECONDARY }).catch(() => undefined);
  }
  return null;
}

/**
 * One route table and handler for every request, every area included (ADR 0309's discovery is the browser's):
 * flattening and ranking the table costs more than a page's own loaders, and lazily loaded route modules resolve
 * once for the life of the process. Loaders find the request's client in the request context.
 */
const handler = createStaticHandler(createRoutes(clientOf, { rootLoader, areas: lazyAreaRoutes(clientOf) }));

/** Renders the page to HTML once, waiting for the whole tree (no streaming: the gateway writes the page whole). */
async function renderOnce(node: ReactNode, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, { signal });
  return text(prelude);
}

/**
 * The route loaders fetch what their pages show, so one render is usually the whole page: Apollo's prerenderStatic
 * would render every page twice, since it waits on each query a render started, even one the cache answered. A part
 * that asked for data no loader fetched (it rendered its loading state) has its queries fetched at once and the page
 * rendered again: two renders where prerenderStatic took a render to start the queries and another to use them. Only
 * a query that answers an error (which the cache does not keep, so it would wait again) sends the page through
 * prerenderStatic, which renders the error as the browser would.
 */
async function renderPage(
  tree: ReactNode,
  client: PageClient,
  signal: AbortSignal,
  onRound: () => void,
): Promise<{ html: string; passes: number; waited: string[] }> {
  const waited = new Set<string>();
  let passes = 0;
  for (;;) {
    onRound();
    client.startRound();
    const html = await renderOnce(tree, signal);
    passes += 1;
    const waiting = client.waitingQueries();
    if (waiting.length === 0) return { html, passes, waited: [...waited] };
    for (const name of waiting) waited.add(name);
    // One budget of renders for the whole page, as prerenderStatic alone had: the gateway answers the shell instead.
    if (passes === MAX_RENDERS) throw new Error(`still waiting for ${[...waited].join(', ')} after ${passes} renders`);
    if (!(await client.fetchWaiting())) break;
    signal.throwIfAborted();
  }
  const { result, aborted, diagnostics } = await prerenderStatic({
    tree,
    context: { client },
    signal,
    maxRerenders: MAX_RENDERS - passes,
    diagnostics: true,
    renderFunction: (node) => {
      onRound();
      return prerenderToNodeStream(node, { signal });
    },
  });
  if (aborted) throw new Error('rendering was cancelled');
  return { html: result, passes: passes + (diagnostics?.renderCount ?? 0), waited: [...waited] };
}

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
  // A loader's query for the page itself found no session: the page would only render its way to the login page.
  if (signInNeeded) return { kind: 'redirect', status: 302, location: loginPath(url) };

  const router = createStaticRouter(handler.dataRoutes, context);
  // ADR 0311: the build moved every component's CSS into the stylesheet index.html links, so nothing is inserted
  // here and the page carries no <style> of Griffel's. The renderer stays for a style the build could not extract
  // (the build's log names it): it would still reach the page, after the stylesheet, as before.
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
  const {
    html: body,
    passes,
    waited,
  } = await renderPage(tree, client, request.signal, () => {
    redirectTo = null;
  });
  if (signInNeeded) return { kind: 'redirect', status: 302, location: loginPath(url) };
  if (redirectTo !== null) return { kind: 'redirect', status: 302, location: redirectTo };

  const handle = mergeHandles(context.matches.map((match) => match.route.handle));
  const title = composeTitle(handle.title, config.siteTitle);
  const leftOver = renderToStyleElements(renderer);
  const styles = leftOver.length === 0 ? '' : renderToStaticMarkup(<>{leftOver}</>);
  return {
    kind: 'page',
    status: leaf?.path === '404' ? 404 : context.statusCode,
    // SSR-02: the rules this page's HTML uses, so its first paint waits for no stylesheet.
    head: `<title>${escapeHtml(title)}</title>${criticalStyle(body)}${styles}`,
    body,
    passes,
    waited,
    data:
      `<script type="application/json" id="${APOLLO_STATE_ID}">${scriptSafeJson(client.extract())}</script>` +
      // React Router's own hand-over (what StaticRouterProvider would write inside the app, where the browser's
      // RouterProvider has nothing to match it), as data: hydrate.tsx gives it to createBrowserRouter.
      `<script type="application/json" id="${ROUTER_STATE_ID}">${scriptSafeJson(hydrationData(context))}</script>`,
  };
}
