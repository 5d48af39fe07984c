import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './router';
import { lazyAreaRoutes } from './routes/lazy-areas';

/** Every address of the product's screens, with every other name it goes by (ids and names filled in). */
const SPEC_ADDRESSES = [
  '/',
  '/404',
  '/noActivity',
  '/login',
  '/loading',
  '/loading/list',
  '/jfsc',
  '/list',
  '/list/table',
  '/list/no_image',
  '/list/other/3',
  '/list/other/3/感冒药',
  '/list/info/12',
  '/list/info-pt/12',
  '/search',
  '/search/table',
  '/cart',
  '/cart/step2',
  '/cart/step3/9',
  '/cart/step4',
  '/cart/hm',
  '/register',
  '/register_index',
  '/register/step1',
  '/register/step2',
  '/register/step3',
  '/register_index_step1',
  '/register_index_step2',
  '/register_index_step3',
  '/register/wechat',
  '/register_dd',
  '/register_dd_step1',
  '/register_dd_step2',
  '/register_dd_step3',
  '/register/dd/step1',
  '/register/dd/step2',
  '/register/dd/step3',
  '/forget',
  '/forget/step1',
  '/forget/step2',
  '/forget/step3',
  '/user',
  '/zhzx',
  '/zhzx_jcxx',
  '/jcxx_index',
  '/basic',
  '/jcxx_zzzj',
  '/zzzj',
  '/zhzx_ddgl',
  '/ddgl',
  '/zhzx_bdwx',
  '/bdwx',
  '/zhzx_shdz',
  '/addr',
  '/zhzx_wdxx',
  '/wdxx',
  '/wdqb',
  '/wdqb/yegl',
  '/wdqb/jfgl',
  '/wdqb/yhq',
  '/wdqb/xjq',
  '/dzht',
  '/order',
  '/order_wddd',
  '/order_wddd_index',
  '/order_wddd_info/5',
  '/order/info/5',
  '/order_wddd_returnInfo/5',
  '/order/returnInfo/5',
  '/order_wddd_afterSalesInfo/5',
  '/order/afterSalesInfo/5',
  '/order_wddd_wl/5',
  '/order/wl/5',
  '/order_jfdd',
  '/jfdd',
  '/order_hmdd',
  '/order_hmdd_index',
  '/hmdd',
  '/zzfw',
  '/zzfw_kjcg',
  '/kjcg',
  '/zzfw_pzqg',
  '/pzqg',
  '/zzfw_ppzq_index',
  '/zzfw_ppzq_add',
  '/pzqg/add',
  '/zzfw_ppzq_info',
  '/pzqg/info',
  '/zzfw_dzfp',
  '/dzfp',
  '/zzfw_wdsc',
  '/star',
  '/zzfw_yjfk',
  '/yjfk',
  '/cgqd',
  '/ppzq',
  '/ppzq/2',
  '/ppzq/info/1',
  '/ppzq/info/1/2',
  '/yx',
  '/yx/table',
  '/yx/rule',
  '/yjh',
  '/yjh/4',
  '/Hdzx/4,5',
  '/Hdzx/4,5/5',
  '/kxzq',
  '/kxzq/new',
  '/kxzq/goods/a',
  '/kxzq/goods/a/b',
  '/qxzq',
  '/zyyp',
  '/jxqzc',
  '/ptzq',
  '/mrtj',
  '/hb',
  '/welfare',
  '/zhzq',
  '/zhmz',
  '/zhmz/list',
  '/lqzx',
  '/zqmb',
  '/hdmb',
  '/yyh',
  '/yyh/list',
  '/help',
  '/help/xrzn/hyzc',
  '/news',
  '/news/info/3/1',
  '/help_pay',
  '/help/pay',
  '/help_zfps_ddzf',
  '/help_zfps_hwps',
  '/help_zfps_ypth',
  '/help/zfps/ddzf',
  '/help/zfps/hwps',
  '/help/zfps/ypth',
  '/privacy',
  '/activity',
  '/activity/yjh',
  '/activity/yjh/4',
  '/activity/yjh/4/x',
  '/eleven_index',
];

/** The whole table as the router has it once the lazily discovered areas joined (ADR 0309), as the server does. */
function fullTable(): RouteObject[] {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  const routes = createRoutes(() => client, { rootLoader: () => null, areas: lazyAreaRoutes(() => client) });
  return routes;
}

/** Where an address ends up: the route it matches, following redirect elements (`<Navigate to>`) a few times. */
function landing(routes: RouteObject[], address: string): { path: string; route: RouteObject | undefined } {
  let path = address;
  for (let hop = 0; hop < 4; hop += 1) {
    const matches = matchRoutes(routes, path);
    const route = matches?.at(-1)?.route;
    const element = route?.element;
    const to = isValidElement<{ to: unknown }>(element) ? element.props.to : undefined;
    if (typeof to !== 'string' || !to.startsWith('/')) return { path, route };
    path = to;
  }
  throw new Error(`${address} redirects in a loop`);
}

describe('the route table', () => {
  const routes = fullTable();

  it('SHELL-10: every address of the product (with every alias) leads to a page, none to the catch-all', () => {
    const lost = SPEC_ADDRESSES.filter((address) => {
      const { path, route } = landing(routes, address);
      return route === undefined || route.path === '*' || (path === '/404' && address !== '/404');
    });
    expect(lost).toEqual([]);
  });

  it('SHELL-10: an address that is no page still goes to /404', () => {
    expect(landing(routes, '/no-such-page/at-all').path).toBe('/404');
  });
});
