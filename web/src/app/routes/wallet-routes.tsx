import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** The wallet (/wdqb): balance, points, coupons, cash vouchers and the payment password; /wdqb opens the balance. */
export function walletRoutes(_clientOf: ClientOf): RouteObject[] {
  return [
    { path: 'wdqb', element: <Navigate to="/wdqb/yegl" replace /> },
    lazyPage('wdqb/yegl', handle({ title: '余额管理' }), () => import('../../features/wallet/WalletPage')),
    lazyPage('wdqb/jfgl', handle({ title: '积分管理' }), () => import('../../features/wallet/PointsPage')),
    lazyPage('wdqb/yhq', handle({ title: '优惠券' }), () => import('../../features/wallet/CouponsPage')),
    lazyPage('wdqb/xjq', handle({ title: '现金券' }), () => import('../../features/wallet/CashVouchersPage')),
    lazyPage('wdqb/zfmm', handle({ title: '支付密码' }), () => import('../../features/wallet/PayPasswordPage')),
    // CREDIT-02: the company's credit terms (账期).
    lazyPage('wdqb/zq', handle({ title: '账期' }), () => import('../../features/credit/CreditPage')),
    { path: 'yegl', element: <Navigate to="/wdqb/yegl" replace /> },
    { path: 'jfgl', element: <Navigate to="/wdqb/jfgl" replace /> },
    { path: 'yhq', element: <Navigate to="/wdqb/yhq" replace /> },
    { path: 'xjq', element: <Navigate to="/wdqb/xjq" replace /> },
  ];
}
