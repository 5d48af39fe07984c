import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
import { PromoCard } from './PromoCard';
import { PromoGoodsPage, promoPageVariables, usePromoPage } from './PromoGoodsPage';

export const DailySpecialsQuery = graphql(`
  query DailySpecials($page: Int!, $pageSize: Int!) {
    everydayPriceGoods(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...EverydayPriceSection_specialPriceGoods
      }
    }
  }
`);

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: DailySpecialsQuery, variables: promoPageVariables(params) }));
}

/** /mrtj (每日特价): every goods of a running discount at its special price, best sellers first, paged. */
export default function DailySpecialsPage() {
  const { variables, goTo } = usePromoPage();
  const { data, loading, error } = useQuery(DailySpecialsQuery, { variables });
  return (
    <PromoGoodsPage
      title="每日特价"
      intro="正在进行的限时折扣商品：加入购物车即按特价结算，活动结束后恢复原价"
      label="特价商品"
      loadingLabel="每日特价加载中"
      list={data?.everydayPriceGoods}
      loading={loading}
      error={error}
      failedTitle="特价商品暂时无法加载"
      emptyTitle="今日暂无特价商品"
      emptyHint="明天再来看看"
      onGo={goTo}
    >
      {(list) =>
        list.items.map((special) => (
          <li key={special.goods.id}>
            <PromoCard goods={special.goods} promoPrice={special.specialPrice} />
          </li>
        ))
      }
    </PromoGoodsPage>
  );
}
