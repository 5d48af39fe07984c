import { createContext, useContext } from 'react';
import { createPath, Navigate as RouterNavigate, useLocation, useResolvedPath, type NavigateProps } from 'react-router';
import { loginPath } from './redirect';

/**
 * Where a page sends the buyer instead of rendering (a visitor on a member page goes to the login page). The server
 * provides it (ADR 0310): there is no effect to navigate in, so the answer itself becomes the redirect.
 */
export const ServerRedirectContext = createContext<((to: string) => void) | null>(null);

/** React Router's `<Navigate>`, which the server answers with a redirect instead of an empty page. */
export function Navigate(props: NavigateProps) {
  const redirect = useContext(ServerRedirectContext);
  const target = createPath(useResolvedPath(props.to, { relative: props.relative }));
  if (redirect === null) return <RouterNavigate {...props} />;
  redirect(target);
  return null;
}

/**
 * A member page's answer to a visitor: `me` is null for them rather than an error, so the error link does not send
 * them to sign in; this does, and brings them back here afterwards.
 */
export function LoginRedirect() {
  return <Navigate to={loginPath(useLocation())} replace />;
}
