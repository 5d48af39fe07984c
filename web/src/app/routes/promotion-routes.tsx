import type { RouteObject } from 'react-router';
import { type ClientOf, dataPage, handle, lazyPage, searchParamsOf } from './route-kit';

/** The remaining promotions and transit pages (/hb, /welfare, /yyh, /zqmb, /hdmb, /noActivity, /loading, /activity). */
export function promotionRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    // SHELL-19, SHELL-20: the two campaign pages show the side nav and the top-right advertisements.
    dataPage(
      clientOf,
      'hb',
      handle({ title: '满额返现', sideNav: true, topRightAd: true }),
      () => import('../../features/promotions/CashbackPage'),
    ),
    dataPage(
      clientOf,
      'welfare',
      handle({ title: '全场9.4折', sideNav: true, topRightAd: true }),
      () => import('../../features/promotions/WelfarePage'),
    ),
    {
      path: 'yyh',
      handle: handle({ title: '好医汇' }),
      lazy: async () => {
        const page = await import('../../features/promotions/DoctorsHubPage');
        return { Component: page.default, loader: (args) => page.preload(clientOf(args)) };
      },
    },
    dataPage(
      clientOf,
      'yyh/list',
      handle({ title: '好医汇' }),
      () => import('../../features/promotions/DoctorsHubListPage'),
    ),
    // The template pages have no title of their own: each names itself after its template.
    ...(['zqmb', 'hdmb'] as const).map((path): RouteObject => ({
      path,
      handle: handle({ titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/promotions/TemplatePage');
        const kind = path === 'zqmb' ? 'ZONE' : 'ACTIVITY';
        return {
          element: <page.TemplatePage kind={kind} />,
          loader: (args) => page.preload(clientOf(args), kind, searchParamsOf(args)),
        };
      },
    })),
    lazyPage('noActivity', handle({ title: '活动不存在' }), () => import('../../features/promotions/NoActivityPage')),
  ];
}
