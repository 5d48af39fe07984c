import { useLocation, useParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { activityRedirect } from './transit';

/** ROUTE-02: /activity/{url?}/{url1?}/{url2?}, an old activity link, goes through the transit page. */
export default function ActivityRedirect() {
  const params = useParams();
  const { search } = useLocation();
  const to = activityRedirect({ url: params['url'], url1: params['url1'], url2: params['url2'] }, search);
  return <Navigate to={to} replace />;
}
