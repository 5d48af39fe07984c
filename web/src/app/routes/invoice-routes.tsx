import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** E-invoices (/dzfp, /zzfw_dzfp). */
export function invoiceRoutes(_clientOf: ClientOf): RouteObject[] {
  return [
    lazyPage('dzfp', handle({ title: '电子发票' }), () => import('../../features/invoices/InvoicesPage')),
    { path: 'zzfw_dzfp', element: <Navigate to="/dzfp" replace /> },
  ];
}
