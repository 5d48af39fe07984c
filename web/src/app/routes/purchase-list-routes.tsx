import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** Importing a purchase list (pasted text, CSV or Excel) into the cart; /zzfw_cgqd leads to /cgqd. */
export function purchaseListRoutes(_clientOf: ClientOf): RouteObject[] {
  return [
    lazyPage('cgqd', handle({ title: '采购单导入' }), () => import('../../features/purchase-list/PurchaseListPage')),
    { path: 'zzfw_cgqd', element: <Navigate to="/cgqd" replace /> },
  ];
}
