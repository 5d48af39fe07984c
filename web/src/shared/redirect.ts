/** The path to come back to after signing in: never the login page itself. */
export function loginPath(current: { pathname: string; search: string }): string {
  if (current.pathname === '/login') return `/login${current.search}`;
  return `/login?redirect=${encodeURIComponent(`${current.pathname}${current.search}`)}`;
}

/**
 * CONTRACT-05: the contract page with the page the buyer was on as `from`, so that it leads back there once signed
 * (followed through `safeRedirect`). Already on the contract page, the address stays as it is.
 */
export function contractPath(target: string, current: { pathname: string; search: string }): string {
  if (current.pathname === target) return `${current.pathname}${current.search}`;
  return `${target}?from=${encodeURIComponent(`${current.pathname}${current.search}`)}`;
}

/** Only same-site paths are followed after login, so a crafted link cannot send a buyer elsewhere. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/';
  return value;
}
