import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { handle, lazyPage, listPage, searchParamsOf } from './route-kit';

/** The remaining promotions and transit pages (/hb, /welfare, /yyh, /zqmb, /hdmb, /noActivity, /loading, /activity). */
export function promotionRoutes(client: ApolloClient): RouteObject[] {
  return [
    listPage(client, 'hb', handle({ title: '满额返现' }), () => import('../../features/promotions/CashbackPage')),
    listPage(client, 'welfare', handle({ title: '全场9.4折' }), () => import('../../features/promotions/WelfarePage')),
    {
      path: 'yyh',
      handle: handle({ title: '好医汇' }),
      lazy: async () => {
        const page = await import('../../features/promotions/DoctorsHubPage');
        return { Component: page.default, loader: () => page.preload(client) };
      },
    },
    listPage(
      client,
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
          loader: (args) => page.preload(client, kind, searchParamsOf(args)),
        };
      },
    })),
    lazyPage('noActivity', handle({ title: '活动不存在' }), () => import('../../features/promotions/NoActivityPage')),
  ];
}
