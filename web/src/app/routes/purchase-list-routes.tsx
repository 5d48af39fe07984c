import type { ApolloClient } from '@apollo/client';
import { Navigate, type RouteObject } from 'react-router';
import { handle, lazyPage } from './route-kit';

/** Importing a purchase list (pasted text, CSV or Excel) into the cart; /zzfw_cgqd leads to /cgqd. */
export function purchaseListRoutes(_client: ApolloClient): RouteObject[] {
  return [
    lazyPage('cgqd', handle({ title: '采购单导入' }), () => import('../../features/purchase-list/PurchaseListPage')),
    { path: 'zzfw_cgqd', element: <Navigate to="/cgqd" replace /> },
  ];
}
