import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { handle, lazyPage } from './route-kit';

/** The order centre (/order): orders, their details, returns and after-sales, points orders and receipts. */
export function orderRoutes(_client: ApolloClient): RouteObject[] {
  return [
    lazyPage('order', handle({ title: '我的订单' }), () => import('../../features/orders/OrderListPage')),
    lazyPage('order/info/:id', handle({ title: '订单详情' }), () => import('../../features/orders/OrderDetailPage')),
  ];
}
