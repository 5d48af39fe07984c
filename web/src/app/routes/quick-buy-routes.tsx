import { useLocation, type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, dataPage, handle } from './route-kit';

/** /zzfw_kjcg leads to /kjcg, keeping the sort, search and page. */
function ToQuickPurchase() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/kjcg', search }} replace />;
}

/** Quick purchase (/kjcg, /zzfw_kjcg); buying an order again is a dialog of the order pages. */
export function quickBuyRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    dataPage(
      clientOf,
      'kjcg',
      handle({ title: '快捷采购' }),
      () => import('../../features/quick-buy/QuickPurchasePage'),
    ),
    { path: 'zzfw_kjcg', Component: ToQuickPurchase },
  ];
}
