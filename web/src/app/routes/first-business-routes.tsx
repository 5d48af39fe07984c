import { type RouteObject } from 'react-router';
import { type ClientOf, handle, lazyPage } from './route-kit';

/** First-business documents taken (/syzl, FIRST-05). */
export function firstBusinessRoutes(_clientOf: ClientOf): RouteObject[] {
  return [
    lazyPage('syzl', handle({ title: '首营资料' }), () => import('../../features/first-business/FirstBusinessPage')),
  ];
}
