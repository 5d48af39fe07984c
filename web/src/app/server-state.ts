/** The element that carries the server's Apollo cache to the browser (ADR 0310). */
export const APOLLO_STATE_ID = '__APOLLO_STATE__';

/**
 * The element that carries React Router's state to the browser. Data, not a script that assigns it: the page's
 * Content-Security-Policy runs no inline script (SEC-07), so hydrate.tsx hands it to the router itself.
 */
export const ROUTER_STATE_ID = '__ROUTER_STATE__';

/**
 * JSON for inside a <script> element: `<` (a closing tag, a comment opener) and the two line separators JavaScript
 * once refused are written as escapes, so no data from the store can end the script or run as markup.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
