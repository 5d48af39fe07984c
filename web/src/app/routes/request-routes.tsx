import { useLocation, type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { type ClientOf, dataPage, handle, lazyPage } from './route-kit';

/** A spec alias that leads to its page, keeping the query (a request's `id`, a list's `page`). */
function Alias({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

/** Variety wanted (/pzqg and its /zzfw_ppzq_* names) and feedback (/yjfk, /zzfw_yjfk). */
export function requestRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    dataPage(
      clientOf,
      'pzqg',
      handle({ title: '品种求购' }),
      () => import('../../features/requests/VarietyRequestsPage'),
    ),
    { path: 'zzfw_pzqg', element: <Alias to="/pzqg" /> },
    { path: 'zzfw_ppzq_index', element: <Alias to="/pzqg" /> },
    lazyPage('pzqg/add', handle({ title: '发布求购' }), () => import('../../features/requests/VarietyRequestFormPage')),
    { path: 'zzfw_ppzq_add', element: <Alias to="/pzqg/add" /> },
    lazyPage(
      'pzqg/info',
      handle({ title: '求购详情' }),
      () => import('../../features/requests/VarietyRequestDetailPage'),
    ),
    { path: 'zzfw_ppzq_info', element: <Alias to="/pzqg/info" /> },
    dataPage(clientOf, 'yjfk', handle({ title: '意见反馈' }), () => import('../../features/requests/FeedbackPage')),
    { path: 'zzfw_yjfk', element: <Alias to="/yjfk" /> },
  ];
}
