import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage, stepFlow } from './route-kit';

/** Signing in, registration and reset, and the site's own pages; member pages are in member-routes. */
export function accountRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    // AUTH-14: the login page's picture is read in its loader.
    {
      path: 'login',
      handle: handle({ title: '登录', loginHeader: true }),
      lazy: async () => {
        const page = await import('../../features/auth/LoginPage');
        return { Component: page.default, loader: (args) => page.preload(clientOf(args)) };
      },
    },
    // AUTH-05: /register and its alias /register_index lead to step 1; the steps share the flow's state.
    ...['register', 'register_index'].map((path) =>
      stepFlow(
        path,
        handle({ title: '注册会员', loginHeader: true, loginHeaderText: '欢迎注册' }),
        () => import('../../features/auth/RegisterPage'),
        ['RegisterAccountStep', 'RegisterCompanyStep', 'RegisterDoneStep'],
        'default',
      ),
    ),
    // STORE-03: a chain's new store registers with the chain's invitation at /register/dd/step1..3; a login-style
    // header that keeps the side bar (SHELL-02).
    stepFlow(
      'register/dd',
      handle({ title: '注册会员', loginHeader: true, loginHeaderText: '门店注册', rightBar: true }),
      () => import('../../features/auth/RegisterPage'),
      ['RegisterAccountStep', 'RegisterStoreStep', 'RegisterStoreDoneStep'],
      'RegisterStoreFlow',
    ),
    // AUTH-05: the spec's other names of the registration steps lead to the same steps.
    ...[1, 2, 3].flatMap((n): RouteObject[] => [
      { path: `register_index_step${n}`, element: <Navigate to={`/register/step${n}`} replace /> },
      { path: `register_dd_step${n}`, element: <Navigate to={`/register/dd/step${n}`} replace /> },
    ]),
    { path: 'register_dd', element: <Navigate to="/register/dd/step1" replace /> },
    lazyPage(
      'register/wechat',
      handle({ title: '注册会员', loginHeader: true, loginHeaderText: '微信注册' }),
      () => import('../../features/auth/WechatRegisterPage'),
    ),
    stepFlow(
      'forget',
      handle({ title: '找回密码', loginHeader: true, loginHeaderText: '找回密码' }),
      () => import('../../features/auth/ForgetPage'),
      ['ForgetCodeStep', 'ForgetPasswordStep', 'ForgetDoneStep'],
      'default',
    ),
    lazyPage('dzht', handle({ title: '电子合同' }), () => import('../../features/contract/ContractPage')),
    lazyPage('404', handle({ title: '页面不存在' }), () => import('../../features/pages/NotFoundPage')),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
