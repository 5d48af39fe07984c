import { redirect, type RouteObject } from 'react-router';
import { config } from '../../config';
import { handle, lazyPage } from './route-kit';

/** Transit addresses: /loading, the old activity links that go through it, and /eleven_index. */
export function transitRoutes(): RouteObject[] {
  return [
    lazyPage('loading/*', handle({ title: '正在跳转' }), () => import('../../features/transit/LoadingPage')),
    lazyPage('activity/:url?/:url1?/:url2?', undefined, () => import('../../features/transit/ActivityRedirect')),
    {
      // ROUTE-03: leaves for the main site before anything renders; without one configured, this is the main site.
      path: 'eleven_index',
      loader: () => {
        if (config.mainSiteUrl === null) return redirect('/');
        // On the server the answer itself is the redirect (ADR 0310).
        if (typeof window === 'undefined') return redirect(config.mainSiteUrl);
        window.location.replace(config.mainSiteUrl);
        // The document is leaving: nothing of this one should render meanwhile.
        return new Promise<never>(() => undefined);
      },
    },
  ];
}
