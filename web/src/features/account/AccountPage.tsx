import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { preloadForMember } from '../../shared/preload';
import { loginPath } from '../../shared/redirect';
import { preloadReorder, REORDER_ANCHOR, ReorderPanel } from '../../shared/reorder/ReorderPanel';
import { useViewer } from '../../shared/viewer';
import { AccountLinks } from './AccountLinks';
import { AccountSummary } from './AccountSummary';
import { QualificationAlertBar } from './QualificationAlertBar';

/**
 * The whole page in one request: `me` (the base answer the shell also reads), the coupon count, the wallet balance
 * and the cart's line count (CART-24: read without pricing the cart), each one upstream call per operation.
 */
export const AccountPageQuery = graphql(`
  query AccountPage {
    me {
      id
      ...AccountSummary_user
      cartCount
      qualificationAlert {
        ...QualificationAlertBar_alert
      }
    }
  }
`);

const useStyles = makeStyles({ alert: { marginBottom: tokens.spacingVerticalM } });

/** REORDER-05: the member centre shows the first few goods due. */
const ACCOUNT_REORDER_LIMIT = 3;

/**
 * Route loader: the balance, coupons and cart are always read fresh (design notes), here rather than in the page,
 * so that the page renders from this one answer instead of asking again. Not for a known visitor, whom the page sends
 * to sign in; the server, which knows nobody yet, asks, and a refusal becomes the redirect to the login page.
 */
export function preload(client: ApolloClient): Promise<null> {
  return preloadForMember(client, () => [
    client.query({ query: AccountPageQuery, fetchPolicy: 'network-only' }),
    preloadReorder(client, ACCOUNT_REORDER_LIMIT),
  ]);
}

/** /user (user_hyzx, 会员中心): who the buyer is, what they hold, and the way into every member page. */
export default function AccountPage() {
  const styles = useStyles();
  const location = useLocation();
  const viewer = useViewer();
  // Usually answered by the loader a moment ago; this reads that answer.
  const { data, loading } = useQuery(AccountPageQuery, { skip: !viewer.signedIn });
  // The shell's `me` says who is browsing, as the wallet page's own `me` does there: this page is not asked for a
  // visitor (see preload), who goes to sign in and comes back here.
  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;
  const me = data?.me;
  if (!me) {
    return (
      <>
        <SectionHeading>会员中心</SectionHeading>
        <EmptyState title={loading || !viewer.known ? '正在加载会员信息…' : '会员信息暂时无法加载'} />
      </>
    );
  }
  return (
    <>
      <SectionHeading>会员中心</SectionHeading>
      {/* QUAL-05: expiring or expired documents, with the way to renew them. */}
      <QualificationAlertBar alert={me.qualificationAlert} className={styles.alert} />
      <AccountSummary me={me} cartCount={me.cartCount} />
      {/* REORDER-05: the first few goods due, with the way to the whole list. */}
      <ReorderPanel limit={ACCOUNT_REORDER_LIMIT} more={`/kjcg#${REORDER_ANCHOR}`} />
      <AccountLinks />
    </>
  );
}
