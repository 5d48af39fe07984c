import type { ApolloClient } from '@apollo/client';
import { Navigate, type RouteObject } from 'react-router';
import { invoiceRoutes } from './invoice-routes';
import { purchaseListRoutes } from './purchase-list-routes';
import { quickBuyRoutes } from './quick-buy-routes';
import { requestRoutes } from './request-routes';

/** Self-service (/zzfw): quick purchase, purchase lists, variety wanted, e-invoices, favourites and feedback. */
export function selfServiceRoutes(client: ApolloClient): RouteObject[] {
  return [
    { path: 'zzfw', element: <Navigate to="/kjcg" replace /> },
    { path: 'zzfw_wdsc', element: <Navigate to="/star" replace /> },
    ...quickBuyRoutes(client),
    ...purchaseListRoutes(client),
    ...requestRoutes(client),
    ...invoiceRoutes(client),
  ];
}
