import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { handle, lazyPage } from './route-kit';

/** The points mall (/jfsc): a top-level page, open to visitors, outside the member frame. */
export function pointsMallRoutes(_client: ApolloClient): RouteObject[] {
  return [lazyPage('jfsc', handle({ title: '积分商城' }), () => import('../../features/points-mall/PointsMallPage'))];
}
