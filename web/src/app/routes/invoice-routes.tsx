import type { ApolloClient } from '@apollo/client';
import { Navigate, type RouteObject } from 'react-router';
import { handle, lazyPage } from './route-kit';

/** E-invoices (/dzfp, /zzfw_dzfp). */
export function invoiceRoutes(_client: ApolloClient): RouteObject[] {
  return [
    lazyPage('dzfp', handle({ title: '电子发票' }), () => import('../../features/invoices/InvoicesPage')),
    { path: 'zzfw_dzfp', element: <Navigate to="/dzfp" replace /> },
  ];
}
