import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useLocation, useParams } from 'react-router';
import { MissingState } from '../../components/MissingState';
import { PageHead } from '../../components/PageHead';
import { graphql } from '../../gql';
import type { GoodsFilter } from '../../gql/graphql';
import { adIdsOf, isSeriesId } from './controlled-sales';
import type { ListView } from './list-view';
import { usePageTitle } from '../../shared/page-title';
import { goodsListVariables, GoodsListView, preloadGoodsList } from './GoodsListView';
import { BannerRow } from '../../components/BannerRow';
import { preloadAll } from '../../shared/preload';

export const ControlledSalesSeriesQuery = graphql(`
  query ControlledSalesSeries($id: ID!, $adIds: [ID!]!) {
    controlledSalesSeries(id: $id) {
      id
      name
      logo
      goodsCount
    }
    controlledSalesAds(ids: $adIds) {
      id
      ...BannerRow_banner
    }
  }
`);

const VIEWS: readonly ListView[] = ['grid'];
const INDEX_PATH = '/kxzq/new';

/** A series' goods are the controlled-sales list narrowed to its category, so sort and paging work as on /kxzq. */
function filterOf(id: string): GoodsFilter {
  return { zone: 'CONTROLLED_SALES', categoryId: id };
}

/** Route loader: the series, its advertisements and its first page together, so the address changes with them. */
export async function preload(
  client: ApolloClient,
  url: string | undefined,
  ads: string | undefined,
  params: URLSearchParams,
): Promise<null> {
  // An address that cannot name a series shows its words at once, with nothing to fetch.
  if (!isSeriesId(url)) return null;
  return preloadAll(
    client.query({ query: ControlledSalesSeriesQuery, variables: { id: url, adIds: adIdsOf(ads) } }),
    preloadGoodsList(client, goodsListVariables(params, filterOf(url))),
  );
}

/** /kxzq/goods/:url/:ads? — one controlled-sales series: its name, the advertisements the address names, its goods. */
export default function ControlledSalesSeriesPage() {
  const { url, ads } = useParams();
  const { pathname } = useLocation();
  const id = isSeriesId(url) ? url : '';
  const { data, loading, error } = useQuery(ControlledSalesSeriesQuery, {
    variables: { id, adIds: adIdsOf(ads) },
    skip: id === '',
    errorPolicy: 'all',
  });
  const series = data?.controlledSalesSeries;
  usePageTitle(series?.name ? `${series.name}-控销专区` : '控销专区');

  if (!series) {
    return (
      <MissingState
        what="控销系列"
        loading={loading}
        failed={Boolean(error) && id !== ''}
        missingTitle="该控销系列不存在或暂无商品"
        link={{ to: INDEX_PATH, label: '查看全部控销系列' }}
      />
    );
  }
  return (
    <>
      <PageHead
        title={series.name}
        logo={{ src: series.logo, alt: '', size: 'small' }}
        intro="控销系列 · 区域控销品种，利润有保障"
        link={{ to: INDEX_PATH, label: '全部控销系列' }}
      />
      <BannerRow banners={data.controlledSalesAds ?? []} label="控销专区广告" spaced />
      <GoodsListView
        basePath={pathname}
        views={VIEWS}
        filter={filterOf(series.id)}
        label={`${series.name}控销商品`}
        emptyText={`${series.name}暂无控销商品`}
      />
    </>
  );
}
