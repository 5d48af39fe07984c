import type { RouteObject } from 'react-router';
import { type ClientOf, dataPage, handle } from './route-kit';

/** The points mall (/jfsc): a top-level page, open to visitors, outside the member frame. */
export function pointsMallRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    dataPage(
      clientOf,
      'jfsc',
      handle({ title: '积分商城' }),
      () => import('../../features/points-mall/PointsMallPage'),
    ),
  ];
}
