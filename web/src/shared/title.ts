/** Composes a document title as SHELL-01 writes it: "{route title}-{site title}", or the site title alone. */
export function composeTitle(routeTitle: string | undefined, siteTitle: string): string {
  const route = routeTitle?.trim();
  return route ? `${route}-${siteTitle}` : siteTitle;
}
