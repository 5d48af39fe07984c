/**
 * The app path a link inside rich text leads to when it stays on this site (`/help_pay`, `/news?kind=COMPANY`),
 * so the page can move there without reloading; null for anything else (outside addresses, `//host` and `/\host`
 * that browsers read as another site, mail and phone links, in-page anchors).
 */
export function sameSitePath(href: string | null): string | null {
  if (href === null) return null;
  const value = href.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
