/** index.html's link to the build's whole stylesheet (web/vite-griffel-css.ts writes the same attribute). */
const SELECTOR = 'link[data-griffel-stylesheet]';

/**
 * SSR-02: applies the build's whole stylesheet, which index.html only fetches (a server-rendered page paints with the
 * rules it uses, inlined by the server), and resolves once it is applied, so that nothing the app renders, hydrating
 * or not, is drawn without its styles. Resolves at once where there is none (the development server's run-time
 * styles); a stylesheet that fails to load lets the app start anyway, as a blocking one would have.
 */
export function applyStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>(SELECTOR);
  if (preload === null) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = preload.href;
  const applied = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  // Last in the head, after the rules the server inlined: the stylesheet's own order is the one that holds.
  document.head.append(link);
  return applied;
}
