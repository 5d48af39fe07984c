import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { MissingState } from '../../components/MissingState';
import { PageHead } from '../../components/PageHead';
import { graphql } from '../../gql';
import type { GoodsFilter } from '../../gql/graphql';
import type { ListView } from './list-view';
import { usePageTitle } from '../../shared/page-title';
import { goodsListVariables, GoodsListView, preloadGoodsList } from './GoodsListView';
import { preloadAll } from '../../shared/preload';
import { pageParam } from '../../shared/page-param';

export const BrandQuery = graphql(`
  query Brand($id: ID!) {
    brand(id: $id) {
      id
      name
      logo
    }
  }
`);

const VIEWS: readonly ListView[] = ['grid'];

/** The brand's goods are the goods list narrowed to the brand, so sort and paging work as on /list. */
function filterOf(id: string): GoodsFilter {
  return { brandId: id };
}

/**
 * PROMO-07: /ppzq/info/{id}/{page} is the brand's goods page N. The list keeps its page in `?page=` beside its sort,
 * so the path form leads to that address (page 1 keeps none), the rest of the query kept.
 */
export function brandListAddress(id: string, pathPage: string, search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  const page = pageParam(pathPage);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return `/ppzq/info/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

export async function preload(client: ApolloClient, id: string | undefined, params: URLSearchParams): Promise<null> {
  if (!id) return null;
  return preloadAll(
    client.query({ query: BrandQuery, variables: { id } }),
    preloadGoodsList(client, goodsListVariables(params, filterOf(id))),
  );
}

/** /ppzq/info/:id (brand zone detail): the brand and its goods, sorted and paged in the address. */
export default function BrandPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(BrandQuery, { variables: { id } });
  const brand = data?.brand;
  usePageTitle(brand?.name ?? '品牌专区');

  if (!brand) {
    return (
      <MissingState
        what="品牌"
        loading={loading}
        failed={Boolean(error)}
        missingTitle="品牌不存在"
        link={{ to: '/list', label: '去看看其他商品' }}
      />
    );
  }
  return (
    <>
      <PageHead title={brand.name} logo={{ src: brand.logo, alt: `${brand.name} 标志`, size: 'large' }} panel />
      <GoodsListView
        basePath={`/ppzq/info/${encodeURIComponent(id)}`}
        views={VIEWS}
        filter={filterOf(id)}
        label={`${brand.name}的商品`}
        emptyText="该品牌暂无商品"
      />
    </>
  );
}
