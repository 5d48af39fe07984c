import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { PageHead } from '../../components/PageHead';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
import { CampaignGoodsList } from './CampaignGoodsList';
import { campaignPageVariables, useCampaignPage } from './campaign-paging';
import { hubListPath, hubSectionParam } from './hub-paths';

export const DoctorsHubListQuery = graphql(`
  query DoctorsHubList($sectionId: ID, $page: Int!, $pageSize: Int!) {
    currentCampaign(kind: HUB) {
      id
      title
      sections {
        id
        name
        goodsCount
      }
      goods(sectionId: $sectionId, page: $page, pageSize: $pageSize) {
        ...CampaignGoodsList_page
      }
    }
  }
`);

const variablesOf = (params: URLSearchParams) => ({
  ...campaignPageVariables(params),
  sectionId: hubSectionParam(params),
});

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: DoctorsHubListQuery, variables: variablesOf(params) }));
}

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: `0 0 ${tokens.spacingVerticalM}`,
    padding: 0,
  },
  filter: {
    display: 'inline-block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusCircular,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  current: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandBackground}`,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** /yyh/list: the hub's goods, paged, narrowed to one section by `?section=` (PROMO-04). No hub: /noActivity. */
export default function DoctorsHubListPage() {
  const styles = useStyles();
  const { params, goTo } = useCampaignPage();
  const variables = variablesOf(params);
  const { data, loading, error } = useQuery(DoctorsHubListQuery, { variables });
  const hub = data?.currentCampaign;
  if (data && hub === null) return <Navigate to="/noActivity" replace />;
  if (!hub) return <EmptyState title={loading ? '商品加载中' : error ? '商品暂时无法加载' : '商品加载中'} />;
  const current = hub.sections.find((s) => s.id === variables.sectionId);
  const filters = [{ id: undefined, name: '全部' }, ...hub.sections.map((s) => ({ id: s.id, name: s.name }))];
  return (
    <>
      <PageHead
        title={current ? `${hub.title} · ${current.name}` : hub.title}
        intro="诊所常用药与诊疗耗材，按分区挑选"
        link={{ to: '/yyh', label: '返回好医汇' }}
      />
      <nav aria-label="好医汇分区">
        <ul className={styles.filters}>
          {filters.map((f) => {
            const selected = (f.id ?? null) === (current?.id ?? null);
            return (
              <li key={f.id ?? 'all'}>
                <Link
                  className={mergeClasses(styles.filter, selected && styles.current)}
                  to={hubListPath(f.id)}
                  aria-current={selected ? 'page' : undefined}
                >
                  {f.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <SectionHeading as="h2">{current ? `${current.name}（共${current.goodsCount}件）` : '全部商品'}</SectionHeading>
      <CampaignGoodsList
        list={hub.goods}
        loading={loading}
        error={error}
        label={current ? `${current.name}商品` : '好医汇商品'}
        emptyTitle="该分区暂无商品"
        onGo={goTo}
      />
    </>
  );
}
