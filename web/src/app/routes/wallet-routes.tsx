import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** The wallet (/wdqb): balance, points, coupons and cash vouchers; /wdqb opens the balance. */
export function walletRoutes(_clientOf: ClientOf): RouteObject[] {
  return [
    { path: 'wdqb', element: <Navigate to="/wdqb/yegl" replace /> },
    lazyPage('wdqb/yegl', handle({ title: '余额管理' }), () => import('../../features/wallet/WalletPage')),
    lazyPage('wdqb/jfgl', handle({ title: '积分管理' }), () => import('../../features/wallet/PointsPage')),
    lazyPage('wdqb/yhq', handle({ title: '优惠券' }), () => import('../../features/wallet/CouponsPage')),
    lazyPage('wdqb/xjq', handle({ title: '现金券' }), () => import('../../features/wallet/CashVouchersPage')),
    { path: 'yegl', element: <Navigate to="/wdqb/yegl" replace /> },
    { path: 'jfgl', element: <Navigate to="/wdqb/jfgl" replace /> },
    { path: 'yhq', element: <Navigate to="/wdqb/yhq" replace /> },
    { path: 'xjq', element: <Navigate to="/wdqb/xjq" replace /> },
  ];
}
