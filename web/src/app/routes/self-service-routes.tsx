import type { ClientOf } from './route-kit';
import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { firstBusinessRoutes } from './first-business-routes';
import { invoiceRoutes } from './invoice-routes';
import { purchaseListRoutes } from './purchase-list-routes';
import { quickBuyRoutes } from './quick-buy-routes';
import { requestRoutes } from './request-routes';

/** Self-service (/zzfw): quick purchase, purchase lists, variety wanted, e-invoices, favourites and feedback. */
export function selfServiceRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    { path: 'zzfw', element: <Navigate to="/kjcg" replace /> },
    { path: 'zzfw_wdsc', element: <Navigate to="/star" replace /> },
    ...quickBuyRoutes(clientOf),
    ...purchaseListRoutes(clientOf),
    ...requestRoutes(clientOf),
    ...invoiceRoutes(clientOf),
    ...firstBusinessRoutes(clientOf),
  ];
}
