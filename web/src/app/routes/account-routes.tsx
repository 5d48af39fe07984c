import type { ApolloClient } from '@apollo/client';
import { Navigate, type RouteObject } from 'react-router';
import { handle, lazyPage, stepFlow } from './route-kit';

/** Signing in, registration and reset, the member centre, orders, wallet, and the site's own pages. */
export function accountRoutes(client: ApolloClient): RouteObject[] {
  return [
    lazyPage('login', handle({ title: '登录', loginHeader: true }), () => import('../../features/auth/LoginPage')),
    // AUTH-05: /register and its alias /register_index lead to step 1; the steps share the flow's state.
    ...['register', 'register_index'].map((path) =>
      stepFlow(
        path,
        handle({ title: '注册会员', loginHeader: true, loginHeaderText: '欢迎注册' }),
        () => import('../../features/auth/RegisterPage'),
        ['RegisterAccountStep', 'RegisterCompanyStep', 'RegisterDoneStep'],
      ),
    ),
    stepFlow(
      'forget',
      handle({ title: '找回密码', loginHeader: true, loginHeaderText: '找回密码' }),
      () => import('../../features/auth/ForgetPage'),
      ['ForgetCodeStep', 'ForgetPasswordStep', 'ForgetDoneStep'],
    ),
    {
      path: 'user',
      handle: handle({ title: '会员中心' }),
      lazy: async () => {
        const page = await import('../../features/account/AccountPage');
        return { Component: page.default, loader: () => page.preload(client) };
      },
    },
    lazyPage('order', handle({ title: '我的订单' }), () => import('../../features/orders/OrderListPage')),
    lazyPage('order/info/:id', handle({ title: '订单详情' }), () => import('../../features/orders/OrderDetailPage')),
    lazyPage('wdqb/yegl', handle({ title: '余额管理' }), () => import('../../features/wallet/WalletPage')),
    lazyPage('dzht', handle({ title: '电子合同' }), () => import('../../features/pages/ContractPage')),
    lazyPage('404', handle({ title: '页面不存在' }), () => import('../../features/pages/NotFoundPage')),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
