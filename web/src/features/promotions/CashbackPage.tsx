import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
import { CampaignGoodsList } from './CampaignGoodsList';
import { CampaignHead } from './CampaignHead';
import { campaignPageVariables, useCampaignPage } from './campaign-paging';

export const CashbackQuery = graphql(`
  query CashbackCampaign($page: Int!, $pageSize: Int!) {
    currentCampaign(kind: CASHBACK) {
      id
      ...CampaignHead_campaign
      cashbackTiers {
        threshold {
          ...Price_money
        }
        cashback {
          ...Price_money
        }
      }
      goods(page: $page, pageSize: $pageSize) {
        ...CampaignGoodsList_page
      }
    }
  }
`);

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: CashbackQuery, variables: campaignPageVariables(params) }));
}

const useStyles = makeStyles({
  tiers: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: `${tokens.spacingVerticalS} 0 0`,
    padding: 0,
  },
  tier: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/**
 * /hb (满额返现): the running cashback's tiers, period and rules, and the goods it covers with 加入购物车. The cashback
 * itself is credited by the upstream when an order is completed (PROMO-01, PROMO-02). No campaign: /noActivity.
 */
export default function CashbackPage() {
  const styles = useStyles();
  const { variables, goTo } = useCampaignPage();
  const { data, loading, error } = useQuery(CashbackQuery, { variables });
  const campaign = data?.currentCampaign;
  if (data && campaign === null) return <Navigate to="/noActivity" replace />;
  if (!campaign) return <EmptyState title={loading ? '活动加载中' : error ? '活动暂时无法加载' : '活动加载中'} />;
  return (
    <>
      <CampaignHead campaign={campaign}>
        <ul className={styles.tiers} aria-label="返现档位">
          {campaign.cashbackTiers.map((tier) => (
            <li key={tier.threshold.fen} className={styles.tier}>
              满<Price money={tier.threshold} />返<Price money={tier.cashback} />
            </li>
          ))}
        </ul>
      </CampaignHead>
      <SectionHeading as="h2">活动商品</SectionHeading>
      <CampaignGoodsList list={campaign.goods} loading={loading} error={error} label="满额返现活动商品" onGo={goTo} />
    </>
  );
}
