import { useQuery } from '@apollo/client/react';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { graphql } from '../../gql';
import { transitTarget } from './transit';

export const TransitActivityQuery = graphql(`
  query TransitActivity($id: ID!) {
    activity(id: $id) {
      id
      status
    }
  }
`);

const useStyles = makeStyles({
  page: {
    display: 'grid',
    placeItems: 'center',
    minHeight: '40vh',
    padding: tokens.spacingVerticalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
});

function Transit() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Spinner label="正在跳转，请稍候…" />
    </div>
  );
}

/** ROUTE-02: an activity named by its number goes to its zone while it is on, to /noActivity otherwise. */
function ActivityTransit({ id }: { id: string }) {
  const { data, error } = useQuery(TransitActivityQuery, { variables: { id }, errorPolicy: 'all' });
  if (error && !data) return <Navigate to="/noActivity" replace />;
  if (!data) return <Transit />;
  const activity = data.activity;
  return <Navigate to={activity && activity.status !== 'ENDED' ? `/yjh/${activity.id}` : '/noActivity'} replace />;
}

/** /loading/{path}?{query} (ROUTE-01): the transit screen, which leads on to the address it names. */
export default function LoadingPage() {
  const { '*': splat = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const target = transitTarget(splat, search);
  switch (target.kind) {
    case 'go':
      return <Navigate to={target.to} replace state={location.state} />;
    case 'activity':
      return <ActivityTransit key={target.id} id={target.id} />;
    case 'none':
      return <Navigate to="/noActivity" replace />;
  }
}
