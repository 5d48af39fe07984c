import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
import { CampaignGoodsList } from './CampaignGoodsList';
import { CampaignHead } from './CampaignHead';
import { campaignPageVariables, useCampaignPage } from './campaign-paging';

export const WelfareQuery = graphql(`
  query WelfareCampaign($page: Int!, $pageSize: Int!) {
    currentCampaign(kind: WELFARE) {
      id
      running
      discountPercent
      ...CampaignHead_campaign
      goods(page: $page, pageSize: $pageSize) {
        ...CampaignGoodsList_page
      }
    }
  }
`);

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: WelfareQuery, variables: campaignPageVariables(params) }));
}

/**
 * /welfare (全场9.4折): the welfare campaign's goods at its price, which the cart charges when they are added here
 * (PROMO-03); its period and rules. No campaign: /noActivity.
 */
export default function WelfarePage() {
  const { variables, goTo } = useCampaignPage();
  const { data, loading, error } = useQuery(WelfareQuery, { variables });
  const campaign = data?.currentCampaign;
  if (data && campaign === null) return <Navigate to="/noActivity" replace />;
  if (!campaign) return <EmptyState title={loading ? '活动加载中' : error ? '活动暂时无法加载' : '活动加载中'} />;
  return (
    <>
      <CampaignHead campaign={campaign} />
      <SectionHeading as="h2">专场商品</SectionHeading>
      <CampaignGoodsList
        list={campaign.goods}
        loading={loading}
        error={error}
        label="福利专场商品"
        // Before the campaign starts the goods sell at their own price: the cart would not charge the campaign's.
        campaignId={campaign.running ? campaign.id : undefined}
        onGo={goTo}
      />
    </>
  );
}
