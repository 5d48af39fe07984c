import { createContext, useContext } from 'react';

/**
 * The marketplace's own origin, for telling its links from other sites' (SHELL-11). Provided from the page's address:
 * the request's on the server, the window's in the browser, so both render a link the same way (ADR 0310).
 */
export const SiteOriginContext = createContext<string>('http://localhost');

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
