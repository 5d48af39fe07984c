import { useLocation, type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** /zhzx_bdwx keeps its query: WeChat may send the buyer back there with `code` and `state`. */
function BdwxAlias() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/bdwx', search }} replace />;
}

/** The member centre and the account centre (/zhzx): basic info, documents, stores, WeChat, addresses, messages. */
export function accountCentreRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    {
      path: 'user',
      handle: handle({ title: '会员中心' }),
      lazy: async () => {
        const page = await import('../../features/account/AccountPage');
        return { Component: page.default, loader: (args) => page.preload(clientOf(args)) };
      },
    },
    // Basic info and qualification documents (issue 11, part A1): /zhzx and /zhzx_jcxx open basic info.
    lazyPage('basic', handle({ title: '基本信息' }), () => import('../../features/account/BasicInfoPage')),
    { path: 'jcxx_index', element: <Navigate to="/basic" replace /> },
    { path: 'zhzx_jcxx', element: <Navigate to="/basic" replace /> },
    { path: 'zhzx', element: <Navigate to="/basic" replace /> },
    lazyPage('zzzj', handle({ title: '资质证件' }), () => import('../../features/account/QualificationsPage')),
    { path: 'jcxx_zzzj', element: <Navigate to="/zzzj" replace /> },
    // Stores, WeChat, addresses and messages (issue 11, part A2), each with the spec's /zhzx_* alias.
    lazyPage('ddgl', handle({ title: '多门店管理' }), () => import('../../features/stores/StoresPage')),
    { path: 'zhzx_ddgl', element: <Navigate to="/ddgl" replace /> },
    lazyPage('bdwx', handle({ title: '绑定微信' }), () => import('../../features/wechat/WechatPage')),
    // WeChat sends the buyer back to the alias too when it is the configured redirect: keep code and state.
    { path: 'zhzx_bdwx', Component: BdwxAlias },
    lazyPage('addr', handle({ title: '收货地址' }), () => import('../../features/addresses/AddressesPage')),
    { path: 'zhzx_shdz', element: <Navigate to="/addr" replace /> },
    // INVOICE-10: the company's invoice title (增值税专用发票资料), where the confirm page sends the buyer to complete it.
    lazyPage('fptt', handle({ title: '发票抬头' }), () => import('../../features/account/InvoiceTitlePage')),
    lazyPage('wdxx', handle({ title: '我的消息' }), () => import('../../features/messages/MessagesPage')),
    { path: 'zhzx_wdxx', element: <Navigate to="/wdxx" replace /> },
  ];
}
