import type { RouteObject } from 'react-router';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** The points mall (/jfsc): a top-level page, open to visitors, outside the member frame. */
export function pointsMallRoutes(_clientOf: ClientOf): RouteObject[] {
  return [lazyPage('jfsc', handle({ title: '积分商城' }), () => import('../../features/points-mall/PointsMallPage'))];
}
