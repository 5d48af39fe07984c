import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { graphql } from '../../gql';
import { PromoCard } from './PromoCard';
import { pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';
import { preloadAll } from '../../shared/preload';

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

const PAGE_SIZE = 20;

function variablesOf(params: URLSearchParams) {
  return { page: pageParam(params.get('page')), pageSize: PAGE_SIZE };
}

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: DailySpecialsQuery, variables: variablesOf(params) }));
}

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 4px' },
  intro: { margin: '0 0 12px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: '12px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  },
});

/** /mrtj (每日特价): every goods of a running discount at its special price, best sellers first, paged. */
export default function DailySpecialsPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const variables = variablesOf(params);
  const { data, loading, error } = useQuery(DailySpecialsQuery, { variables });
  const list = data?.everydayPriceGoods;
  const goTo = (page: number) => setParams(page === 1 ? {} : { page: String(page) });

  return (
    <>
      <h1 className={styles.heading}>每日特价</h1>
      <p className={styles.intro}>正在进行的特价活动商品，特价以加入购物车时为准</p>
      {loading && !list ? (
        <GoodsGridSkeleton label="每日特价加载中" />
      ) : !list ? (
        <EmptyState title={error ? '特价商品暂时无法加载' : '今日暂无特价商品'}>请稍后刷新页面重试</EmptyState>
      ) : list.items.length === 0 ? (
        <EmptyState title="今日暂无特价商品">明天再来看看</EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="特价商品">
          {list.items.map((special) => (
            <li key={special.goods.id}>
              <PromoCard goods={special.goods} promoPrice={special.specialPrice} />
            </li>
          ))}
        </ul>
      )}
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={goTo} /> : null}
    </>
  );
}
