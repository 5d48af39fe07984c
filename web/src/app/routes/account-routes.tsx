import { Navigate, type RouteObject } from 'react-router';
import { handle, lazyPage, stepFlow } from './route-kit';

/** Signing in, registration and reset, and the site's own pages; member pages are in member-routes. */
export function accountRoutes(): RouteObject[] {
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
    lazyPage('dzht', handle({ title: '电子合同' }), () => import('../../features/pages/ContractPage')),
    lazyPage('404', handle({ title: '页面不存在' }), () => import('../../features/pages/NotFoundPage')),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
