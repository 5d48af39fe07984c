/** The path to come back to after signing in: never the login page itself. */
export function loginPath(current: { pathname: string; search: string }): string {
  if (current.pathname === '/login') return `/login${current.search}`;
  return `/login?redirect=${encodeURIComponent(`${current.pathname}${current.search}`)}`;
}

/** Only same-site paths are followed after login, so a crafted link cannot send a buyer elsewhere. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/';
  return value;
}
