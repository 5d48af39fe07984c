import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
import { CampaignBody } from './CampaignBody';
import { hubListPath } from './hub-paths';

export const DoctorsHubQuery = graphql(`
  query DoctorsHub {
    currentCampaign(kind: HUB) {
      id
      ...CampaignBody_campaign
    }
  }
`);

export async function preload(client: ApolloClient): Promise<null> {
  return preloadAll(client.query({ query: DoctorsHubQuery }));
}

/**
 * /yyh (好医汇): the clinic hub — its banners (focus slot yyh), featured activities and its clinic goods sections,
 * each leading to the hub's list of that section (PROMO-04). No hub: /noActivity.
 */
export default function DoctorsHubPage() {
  const { data, loading, error } = useQuery(DoctorsHubQuery);
  const hub = data?.currentCampaign;
  if (data && hub === null) return <Navigate to="/noActivity" replace />;
  if (!hub) return <EmptyState title={loading ? '好医汇加载中' : error ? '好医汇暂时无法加载' : '好医汇加载中'} />;
  return <CampaignBody campaign={hub} headingId="yyh-activities" morePath={(id) => hubListPath(id)} />;
}
