import type { RouteObject } from 'react-router';
import { type ClientOf, dataPage, handle, lazyPage } from './route-kit';

/** The cart and the checkout steps (ORDER-01); checkout pages start at the top every time (SHELL-09). */
export function buyingRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    dataPage(clientOf, 'cart', handle({ title: '购物车' }), () => import('../../features/cart/CartPage')),
    lazyPage(
      'cart/step2',
      handle({ title: '确认订单', restoreScroll: false }),
      () => import('../../features/checkout/ConfirmOrderPage'),
    ),
    lazyPage(
      'cart/step3/:id',
      handle({ title: '支付订单', restoreScroll: false }),
      () => import('../../features/checkout/PayPage'),
    ),
    lazyPage(
      'cart/hm',
      handle({ title: '支付订单', restoreScroll: false }),
      () => import('../../features/checkout/ReceiptPage'),
    ),
    lazyPage(
      'cart/step4',
      handle({ title: '支付成功', restoreScroll: false }),
      () => import('../../features/checkout/DonePage'),
    ),
  ];
}
