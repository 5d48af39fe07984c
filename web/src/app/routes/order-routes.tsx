import { useLocation, useParams, type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { afterSalesPath, returnPath } from '../../shared/after-sale-paths';
import { orderPath } from '../../shared/cart-steps';
import { type ClientOf, dataPage, handle, lazyPage } from './route-kit';

/** An alias of an order page that names its id: leads to the canonical address of the same id. */
function ToOrderPage({ to, hash = '' }: { to: (id: string) => string; hash?: string }) {
  const { id = '' } = useParams();
  return <Navigate to={{ pathname: to(id), hash }} replace />;
}

/** /order_wddd and /order_wddd_index lead to /order, keeping the tab and search. */
function ToOrderList() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/order', search }} replace />;
}

/** The order centre (/order): orders, their details, returns and after-sales, points orders and receipts. */
export function orderRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    dataPage(clientOf, 'order', handle({ title: '我的订单' }), () => import('../../features/orders/OrderListPage')),
    lazyPage('order/info/:id', handle({ title: '订单详情' }), () => import('../../features/orders/OrderDetailPage')),
    // Orders after the sale (issue 11, part C): the spec's /order_wddd_* names lead to the same pages.
    { path: 'order_wddd', Component: ToOrderList },
    { path: 'order_wddd_index', Component: ToOrderList },
    { path: 'order_wddd_info/:id', element: <ToOrderPage to={orderPath} /> },
    // The logistics page is the detail's logistics panel.
    { path: 'order/wl/:id', element: <ToOrderPage to={orderPath} hash="#logistics" /> },
    { path: 'order_wddd_wl/:id', element: <ToOrderPage to={orderPath} hash="#logistics" /> },
    // AFTER-08: afterSalesInfo takes an order's id, returnInfo a return's.
    lazyPage(
      'order/afterSalesInfo/:id',
      handle({ title: '售后服务' }),
      () => import('../../features/returns/AfterSalesPage'),
    ),
    { path: 'order_wddd_afterSalesInfo/:id', element: <ToOrderPage to={afterSalesPath} /> },
    lazyPage(
      'order/returnInfo/:id',
      handle({ title: '售后详情' }),
      () => import('../../features/returns/ReturnDetailPage'),
    ),
    { path: 'order_wddd_returnInfo/:id', element: <ToOrderPage to={returnPath} /> },
    // Points orders and ephedrine-type receipts (issue 11, part B): /order_jfdd and /order_hmdd_index are aliases,
    // /order_hmdd leads to /hmdd.
    lazyPage('jfdd', handle({ title: '积分订单' }), () => import('../../features/points/PointsOrdersPage')),
    { path: 'order_jfdd', element: <Navigate to="/jfdd" replace /> },
    lazyPage('hmdd', handle({ title: '含麻订单' }), () => import('../../features/points/ReceiptsPage')),
    { path: 'order_hmdd_index', element: <Navigate to="/hmdd" replace /> },
    { path: 'order_hmdd', element: <Navigate to="/hmdd" replace /> },
  ];
}
