import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { HomeCarousel } from '../../features/home/HomeCarousel';
import { graphql } from '../../gql';

// The cards (stepper, add-to-cart) are fetched as soon as this module runs, beside the home query, instead of
// being part of the first bundle.
const goodsGridModule = import('../../features/goods/GoodsGrid');
const GoodsGrid = lazy(() => goodsGridModule);

/** The home route composes two features (banners, goods) in one request, so it lives with the app. */
export const HomeQuery = graphql(`
  query Home {
    banners(slot: HOME) {
      id
      ...HomeCarousel_banner
    }
    hotGoods {
      id
      ...GoodsCard_goods
    }
  }
`);

const useStyles = makeStyles({
  // The header's category list (200 px) stays open over the left of the hero on this page.
  hero: {
    display: 'flex',
    gap: '12px',
    margin: '-16px 0 20px',
    paddingLeft: '212px',
    '@media (max-width: 600px)': { margin: '0 0 12px', paddingLeft: 0 },
  },
  section: { display: 'grid', gap: '12px' },
  heading: {
    margin: 0,
    paddingLeft: '10px',
    borderLeft: '4px solid #e4393c',
    fontSize: tokens.fontSizeBase500,
  },
});

export function HomePage() {
  const styles = useStyles();
  const { data, loading } = useQuery(HomeQuery, { errorPolicy: 'all' });
  return (
    <>
      <h1 className="visually-hidden">药品批发采购首页</h1>
      <div className={styles.hero}>
        <HomeCarousel banners={data?.banners ?? []} />
      </div>
      <section className={styles.section} aria-labelledby="hot-goods-heading">
        <h2 className={styles.heading} id="hot-goods-heading">
          热销商品
        </h2>
        {loading && !data ? (
          <GoodsGridSkeleton label="热销商品加载中" />
        ) : (
          <Suspense fallback={<GoodsGridSkeleton label="热销商品加载中" />}>
            <GoodsGrid
              goods={data?.hotGoods ?? []}
              label="热销商品"
              empty={<EmptyState title="暂无热销商品">稍后再来看看吧</EmptyState>}
            />
          </Suspense>
        )}
      </section>
    </>
  );
}
