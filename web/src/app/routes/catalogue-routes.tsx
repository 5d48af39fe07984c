import { redirect, type RouteObject } from 'react-router';
import type { ZoneKey } from '../../features/goods/ZonePage';
import { canonicalSearchQuery } from '../../features/search/search-modes';
import { listCategoryMenu } from '../../shared/zones';
import { type ClientOf, dataPage, handle, lazyPage, searchParamsOf } from './route-kit';

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

const goodsList = () => import('../../features/goods/GoodsListPage');
const goodsSearch = () => import('../../features/goods/GoodsSearchPage');

/** Finding goods: lists and their layouts, search, detail, brands, zones, activities, sets, favourites, the draw. */
export function catalogueRoutes(clientOf: ClientOf): RouteObject[] {
  const listHandle = handle({ title: '商品列表', categoryMenuFor: listCategoryMenu });
  return [
    ...['list', 'list/table', 'list/no_image'].map((path) => dataPage(clientOf, path, listHandle, goodsList)),
    ...['list/info/:id', 'list/info-pt/:id'].map((path): RouteObject => ({
      path,
      handle: handle({ title: '商品详情', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/goods/GoodsDetailPage');
        return {
          Component: page.default,
          loader: (args) => page.preload(clientOf(args), args.params['id'], searchParamsOf(args)),
        };
      },
    })),
    {
      path: 'list/other/:id/:name?',
      handle: handle({ title: '商品列表', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/goods/CategoryGoodsPage');
        return {
          Component: page.default,
          loader: (args) => page.preload(clientOf(args), args.params['id'], searchParamsOf(args)),
        };
      },
    },
    ...['search', 'search/table'].map((path): RouteObject => ({
      path,
      handle: handle({ title: '搜索结果' }),
      lazy: async () => {
        const page = await goodsSearch();
        return {
          Component: page.default,
          loader: (args) => {
            const params = searchParamsOf(args);
            // SEARCH-14: `keywords=` (old links, stores seeded before) is the search of `keyword=`.
            const canonical = canonicalSearchQuery(params);
            if (canonical !== null) return redirect(`${new URL(args.request.url).pathname}?${canonical}`);
            return page.preload(clientOf(args), params);
          },
        };
      },
    })),
    // PROMO-07: the page lives in the path (/ppzq/2, /ppzq/info/3/2); the bare addresses are page 1.
    dataPage(clientOf, 'ppzq/:page?', handle({ title: '品牌专区' }), () => import('../../features/goods/BrandsPage')),
    {
      path: 'ppzq/info/:id/:page?',
      handle: handle({ title: '品牌专区', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/goods/BrandPage');
        return {
          Component: page.default,
          loader: (args) => {
            const { id, page: pathPage } = args.params;
            if (id !== undefined && pathPage !== undefined) {
              return redirect(page.brandListAddress(id, pathPage, searchParamsOf(args)));
            }
            return page.preload(clientOf(args), id, searchParamsOf(args));
          },
        };
      },
    },
    ...ZONE_PATHS.map(([key, path]): RouteObject => ({
      path,
      lazy: async () => {
        const page = await import('../../features/goods/ZonePage');
        return {
          element: <page.ZonePage zone={key} />,
          handle: page.zoneHandle(key),
          loader: (args) => page.preload(clientOf(args), key, searchParamsOf(args)),
        };
      },
    })),
    {
      path: 'kxzq/goods/:url/:ads?',
      handle: handle({ title: '控销专区', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/goods/ControlledSalesSeriesPage');
        return {
          Component: page.default,
          loader: (args) => page.preload(clientOf(args), args.params['url'], args.params['ads'], searchParamsOf(args)),
        };
      },
    },
    lazyPage(
      'yx/rule',
      handle({ title: '优选规则', bare: true }),
      () => import('../../features/goods/PreferredRulesPage'),
    ),
    dataPage(clientOf, 'mrtj', handle({ title: '每日特价' }), () => import('../../features/home/DailySpecialsPage')),
    {
      path: 'yjh/:id?',
      handle: handle({ title: '活动专区', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/goods/ActivityPage');
        return {
          Component: page.default,
          loader: (args) => page.preload(clientOf(args), args.params['id'], searchParamsOf(args)),
        };
      },
    },
    {
      path: 'Hdzx/:ids/:id?',
      handle: handle({ title: '活动中心' }),
      lazy: async () => {
        const page = await import('../../features/goods/ActivityCentrePage');
        return {
          Component: page.default,
          loader: (args) => page.preload(clientOf(args), args.params['ids'], args.params['id'], searchParamsOf(args)),
        };
      },
    },
    dataPage(clientOf, 'lqzx', handle({ title: '领券中心' }), () => import('../../features/coupons/CouponCenterPage')),
    dataPage(clientOf, 'ptzq', handle({ title: '拼团专区' }), () => import('../../features/home/GroupBuyPage')),
    {
      path: 'zhzq',
      handle: handle({ title: '组合购' }),
      lazy: async () => {
        const page = await import('../../features/goods/CombinationGroupsPage');
        return { element: <page.CombinationGroupsPage kind="BUNDLE" /> };
      },
    },
    // SHELL-01: the combination full-gift pages have no title of their own.
    {
      path: 'zhmz',
      lazy: async () => {
        const page = await import('../../features/goods/CombinationGroupsPage');
        return { element: <page.CombinationGroupsPage kind="FULL_GIFT" /> };
      },
    },
    dataPage(clientOf, 'zhmz/list', undefined, () => import('../../features/goods/CombinationPage')),
    lazyPage('star', handle({ title: '我的收藏' }), () => import('../../features/goods/FavoritesPage')),
    {
      path: 'draw/:id',
      handle: handle({ title: '抽奖活动', titleFromPage: true }),
      lazy: async () => {
        const page = await import('../../features/draw/LuckyDrawPage');
        return { Component: page.default, loader: (args) => page.preload(clientOf(args), args.params['id']) };
      },
    },
    lazyPage('user/draw', handle({ title: '我的抽奖' }), () => import('../../features/draw/MyDrawsPage')),
  ];
}
