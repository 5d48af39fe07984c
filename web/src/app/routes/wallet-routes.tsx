import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { handle, lazyPage } from './route-kit';

/** The wallet (/wdqb): balance, points, coupons and cash vouchers. */
export function walletRoutes(_client: ApolloClient): RouteObject[] {
  return [lazyPage('wdqb/yegl', handle({ title: '余额管理' }), () => import('../../features/wallet/WalletPage'))];
}
