import type { NormalizedCacheObject } from '@apollo/client';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './app/apollo';
import { AppProviders } from './app/providers';
import { createRoutes, createRouter } from './app/router';
import { APOLLO_STATE_ID } from './app/server-state';
import { hydrate } from './app/hydrate';
import { applyStylesheet } from './app/stylesheet';
import { Strict } from './app/strict';
import { createSessionChangeLoader } from './shared/session-change';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The Apollo cache the server rendered this page with, when it did (ADR 0310). */
function serverState(): NormalizedCacheObject | undefined {
  const text = document.getElementById(APOLLO_STATE_ID)?.textContent;
  if (!text) return undefined;
  const state: unknown = JSON.parse(text);
  return typeof state === 'object' && state !== null && !Array.isArray(state) ? { ...state } : undefined;
}

function render(host: HTMLElement): void {
  const client = createApolloClient();
  const router = createRouter(
    client,
    createRoutes(() => client, { rootLoader: createSessionChangeLoader() }),
    false,
  );
  startTransition(() => {
    createRoot(host).render(
      <Strict>
        <AppProviders client={client} targetDocument={document} origin={window.location.origin}>
          <RouterProvider router={router} />
        </AppProviders>
      </Strict>,
    );
  });
}

// SSR-02: index.html only fetches the stylesheet; nothing is rendered or hydrated before it applies.
const styled = applyStylesheet();
const state = serverState();
if (state) {
  void hydrate(root, state, styled);
} else {
  // The client-rendered shell: the app starts after the browser has painted index.html's loading shell once (the
  // frame's paint follows its animation-frame callbacks); otherwise, with the scripts already fetched, running them
  // can hold the first paint back until the whole first render is done (ADR 0306).
  void styled.then(() => requestAnimationFrame(() => setTimeout(() => render(root), 0)));
}
