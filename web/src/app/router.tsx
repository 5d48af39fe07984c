import type { ApolloClient } from '@apollo/client';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ZoneKey } from '../features/goods/ZonePage';
import { listCategoryMenu } from '../shared/zones';
import { bindNavigation } from './navigation';
import type { RouteHandle } from './route-handle';
import { RouteError, RouteLoading } from './RouteError';
import { HomePage } from './routes/HomePage';
import { Layout } from './shell/Layout';

const handle = (value: RouteHandle): RouteHandle => value;

/** The zones that are a goods list (CATALOG-02) and their layouts; each zone's module names and titles itself. */
const ZONE_PATHS: readonly (readonly [ZoneKey, string])[] = [
  ['yx', 'yx'],
  ['yx', 'yx/table'],
  ['zyyp', 'zyyp'],
  ['qxzq', 'qxzq'],
  ['jxqzc', 'jxqzc'],
  ['kxzq', 'kxzq'],
  ['kxzq_new', 'kxzq/new'],
];

const searchParamsOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

/**
 * Every route but home is a separate chunk, fetched when the buyer first goes there (bundle budget, ADR 0302).
 * Goods lists load their first page in the route's loader, so the address changes together with the results.
 */
export function createRoutes(client: ApolloClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: HomePage, handle: handle({ title: '首页', categoryMenuOpen: true }) },
            {
              path: 'login',
              handle: handle({ title: '登录', loginHeader: true }),
              lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).default }),
            },
            // AUTH-05: /register and its alias /register_index lead to step 1; the steps share the flow's state.
            ...['register', 'register_index'].map((path): RouteObject => ({
              path,
              handle: handle({ title: '注册会员', loginHeader: true, loginHeaderText: '欢迎注册' }),
              lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).default }),
              children: [
                { index: true, element: <Navigate to="step1" replace /> },
                {
                  path: 'step1',
                  lazy: async () => ({
                    Component: (await import('../features/auth/RegisterPage')).RegisterAccountStep,
                  }),
                },
                {
                  path: 'step2',
                  lazy: async () => ({
                    Component: (await import('../features/auth/RegisterPage')).RegisterCompanyStep,
                  }),
                },
                {
                  path: 'step3',
                  lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).RegisterDoneStep }),
                },
              ],
            })),
            {
              path: 'forget',
              handle: handle({ title: '找回密码', loginHeader: true, loginHeaderText: '找回密码' }),
              lazy: async () => ({ Component: (await import('../features/auth/ForgetPage')).default }),
              children: [
                { index: true, element: <Navigate to="step1" replace /> },
                {
                  path: 'step1',
                  lazy: async () => ({ Component: (await import('../features/auth/ForgetPage')).ForgetCodeStep }),
                },
                {
                  path: 'step2',
                  lazy: async () => ({ Component: (await import('../features/auth/ForgetPage')).ForgetPasswordStep }),
                },
                {
                  path: 'step3',
                  lazy: async () => ({ Component: (await import('../features/auth/ForgetPage')).ForgetDoneStep }),
                },
              ],
            },
            {
              path: 'list',
              handle: handle({ title: '商品列表', categoryMenuFor: listCategoryMenu }),
              lazy: async () => {
                const page = await import('../features/goods/GoodsListPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            },
            ...['list/info/:id', 'list/info-pt/:id'].map((path): RouteObject => ({
              path,
              handle: handle({ title: '商品详情', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/goods/GoodsDetailPage');
                return { Component: page.default, loader: (args) => page.preload(client, args.params['id']) };
              },
            })),
            ...(['table', 'no_image'] as const).map((view): RouteObject => ({
              path: `list/${view}`,
              handle: handle({ title: '商品列表', categoryMenuFor: listCategoryMenu }),
              lazy: async () => {
                const page = await import('../features/goods/GoodsListPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            })),
            {
              path: 'list/other/:id/:name?',
              handle: handle({ title: '商品列表', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/goods/CategoryGoodsPage');
                return {
                  Component: page.default,
                  loader: (args) => page.preload(client, args.params['id'], searchParamsOf(args)),
                };
              },
            },
            {
              path: 'search/table',
              handle: handle({ title: '搜索结果' }),
              lazy: async () => {
                const page = await import('../features/goods/GoodsSearchPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            },
            {
              path: 'ppzq',
              handle: handle({ title: '品牌专区' }),
              lazy: async () => ({ Component: (await import('../features/goods/BrandsPage')).default }),
            },
            {
              path: 'ppzq/info/:id',
              handle: handle({ title: '品牌专区', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/goods/BrandPage');
                return {
                  Component: page.default,
                  loader: (args) => page.preload(client, args.params['id'], searchParamsOf(args)),
                };
              },
            },
            ...ZONE_PATHS.map(([key, path]): RouteObject => ({
              path,
              lazy: async () => {
                const page = await import('../features/goods/ZonePage');
                return {
                  element: <page.ZonePage zone={key} />,
                  handle: page.zoneHandle(key),
                  loader: (args) => page.preload(client, key, searchParamsOf(args)),
                };
              },
            })),
            {
              path: 'kxzq/goods/:url/:ads?',
              handle: handle({ title: '控销专区', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/goods/ControlledSalesSeriesPage');
                return {
                  Component: page.default,
                  loader: (args) => page.preload(client, args.params['url'], args.params['ads'], searchParamsOf(args)),
                };
              },
            },
            {
              path: 'yx/rule',
              handle: handle({ title: '优选规则', bare: true }),
              lazy: async () => ({ Component: (await import('../features/goods/PreferredRulesPage')).default }),
            },
            {
              path: 'mrtj',
              handle: handle({ title: '每日特价' }),
              lazy: async () => {
                const page = await import('../features/home/DailySpecialsPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            },
            {
              path: 'yjh/:id?',
              handle: handle({ title: '活动专区', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/goods/ActivityPage');
                return {
                  Component: page.default,
                  loader: (args) => page.preload(client, args.params['id'], searchParamsOf(args)),
                };
              },
            },
            {
              path: 'Hdzx/:ids/:id?',
              handle: handle({ title: '活动中心' }),
              lazy: async () => {
                const page = await import('../features/goods/ActivityCentrePage');
                return {
                  Component: page.default,
                  loader: (args) => page.preload(client, args.params['ids'], args.params['id'], searchParamsOf(args)),
                };
              },
            },
            {
              path: 'lqzx',
              handle: handle({ title: '领券中心' }),
              lazy: async () => ({ Component: (await import('../features/coupons/CouponCenterPage')).default }),
            },
            {
              path: 'ptzq',
              handle: handle({ title: '拼团专区' }),
              lazy: async () => {
                const page = await import('../features/home/GroupBuyPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            },
            {
              path: 'zhzq',
              handle: handle({ title: '组合购' }),
              lazy: async () => {
                const page = await import('../features/goods/CombinationGroupsPage');
                return { element: <page.CombinationGroupsPage kind="BUNDLE" /> };
              },
            },
            // SHELL-01: the combination full-gift pages have no title of their own.
            {
              path: 'zhmz',
              lazy: async () => {
                const page = await import('../features/goods/CombinationGroupsPage');
                return { element: <page.CombinationGroupsPage kind="FULL_GIFT" /> };
              },
            },
            {
              path: 'zhmz/list',
              lazy: async () => ({ Component: (await import('../features/goods/CombinationPage')).default }),
            },
            {
              path: 'star',
              handle: handle({ title: '我的收藏' }),
              lazy: async () => ({ Component: (await import('../features/goods/FavoritesPage')).default }),
            },
            {
              path: 'search',
              handle: handle({ title: '搜索结果' }),
              lazy: async () => {
                const page = await import('../features/goods/GoodsSearchPage');
                return { Component: page.default, loader: (args) => page.preload(client, searchParamsOf(args)) };
              },
            },
            {
              path: 'cart',
              handle: handle({ title: '购物车' }),
              lazy: async () => ({ Component: (await import('../features/cart/CartPage')).default }),
            },
            {
              path: 'cart/step2',
              handle: handle({ title: '确认订单', restoreScroll: false }),
              lazy: async () => ({ Component: (await import('../features/checkout/ConfirmOrderPage')).default }),
            },
            {
              path: 'cart/step3/:id',
              handle: handle({ title: '支付订单', restoreScroll: false }),
              lazy: async () => ({ Component: (await import('../features/checkout/PayPage')).default }),
            },
            {
              path: 'cart/hm',
              handle: handle({ title: '支付订单', restoreScroll: false }),
              lazy: async () => ({ Component: (await import('../features/checkout/ReceiptPage')).default }),
            },
            {
              path: 'cart/step4',
              handle: handle({ title: '支付成功', restoreScroll: false }),
              lazy: async () => ({ Component: (await import('../features/checkout/DonePage')).default }),
            },
            {
              path: 'order',
              handle: handle({ title: '我的订单' }),
              lazy: async () => ({ Component: (await import('../features/orders/OrderListPage')).default }),
            },
            {
              path: 'order/info/:id',
              handle: handle({ title: '订单详情' }),
              lazy: async () => ({ Component: (await import('../features/orders/OrderDetailPage')).default }),
            },
            {
              path: 'draw/:id',
              handle: handle({ title: '抽奖活动', titleFromPage: true }),
              lazy: async () => {
                const page = await import('../features/draw/LuckyDrawPage');
                return { Component: page.default, loader: (args) => page.preload(client, args.params['id']) };
              },
            },
            {
              path: 'user',
              handle: handle({ title: '会员中心' }),
              lazy: async () => {
                const page = await import('../features/account/AccountPage');
                return { Component: page.default, loader: () => page.preload(client) };
              },
            },
            {
              path: 'user/draw',
              handle: handle({ title: '我的抽奖' }),
              lazy: async () => ({ Component: (await import('../features/draw/MyDrawsPage')).default }),
            },
            {
              path: 'wdqb/yegl',
              handle: handle({ title: '余额管理' }),
              lazy: async () => ({ Component: (await import('../features/wallet/WalletPage')).default }),
            },
            {
              path: 'dzht',
              handle: handle({ title: '电子合同' }),
              lazy: async () => ({ Component: (await import('../features/pages/ContractPage')).default }),
            },
            {
              path: '404',
              handle: handle({ title: '页面不存在' }),
              lazy: async () => ({ Component: (await import('../features/pages/NotFoundPage')).default }),
            },
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ];
}

export function createRouter(client: ApolloClient) {
  const router = createBrowserRouter(createRoutes(client));
  bindNavigation((to, options) => router.navigate(to, options));
  return router;
}
