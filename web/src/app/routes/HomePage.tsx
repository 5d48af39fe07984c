import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { HomeCarousel } from '../../features/home/HomeCarousel';
import { graphql } from '../../gql';
import { useAfterIdle } from '../../shared/after-idle';
import { preloadAll } from '../../shared/preload';
import { useViewer } from '../../shared/viewer';

// The cards (stepper, add-to-cart) and the promotion rows are fetched as soon as this module runs, beside the
// home query, instead of being part of the first bundle.
const goodsGridModule = import('../../features/goods/GoodsGrid');
const spikeModule = import('../../features/home/SpikeSection');
const everydayModule = import('../../features/home/EverydayPriceSection');
const bannerRowModule = import('../../features/home/HomeBannerRow');
const GoodsGrid = lazy(() => goodsGridModule);
const SpikeSection = lazy(() => spikeModule);
const EverydayPriceSection = lazy(() => everydayModule);
const HomeBannerRow = lazy(() => bannerRowModule);
// Members only, and only its own chunk: a visitor's home page never fetches the pop-up (DRAW-01, bundle budget). For
// a member it waits until the page is idle: it is nobody's first view (ADR 0310).
const LuckyDrawPopup = lazy(() => import('../../features/draw/LuckyDrawPopup'));

/** The home route composes several features (banners, promotions, goods) in one request, so it lives with the app. */
export const HomeQuery = graphql(`
  query Home {
    site {
      serverTime
    }
    banners(slot: HOME) {
      id
      ...HomeCarousel_banner
    }
    newUserBanners: banners(slot: NEW_USER) {
      id
      ...BannerRow_banner
    }
    showcaseBanners: banners(slot: SHOWCASE) {
      id
      ...BannerRow_banner
    }
    spikeGoods {
      ...SpikeSection_spikeGoods
    }
    everydayPriceGoods(pageSize: 10) {
      items {
        ...EverydayPriceSection_specialPriceGoods
      }
    }
    hotGoods {
      id
      ...GoodsCard_goods
    }
    recommendedGoods(pageSize: 10) {
      items {
        id
        ...GoodsCard_goods
      }
    }
  }
`);

/**
 * Route loader: the home's answer is fetched before the route commits, beside the frame's, so the page renders with
 * it at once (on the server, in one pass); a failure is left to the page's query, which shows what arrived.
 */
export function preloadHome(client: ApolloClient): Promise<null> {
  return preloadAll(client.query({ query: HomeQuery, errorPolicy: 'all' }));
}

const useStyles = makeStyles({
  // The header's category list (200 px) stays open over the left of the hero on this page.
  hero: {
    display: 'flex',
    gap: '12px',
    margin: '-16px 0 20px',
    paddingLeft: '212px',
    '@media (max-width: 600px)': { margin: '0 0 12px', paddingLeft: 0 },
  },
  section: { display: 'grid', gap: '12px', marginBottom: '24px' },
  heading: {
    margin: 0,
    paddingLeft: '10px',
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase500,
  },
});

export function HomePage() {
  const styles = useStyles();
  // Partial answers still show what arrived: a failed promotion call must not hide the hot goods.
  const { data, loading } = useQuery(HomeQuery, { errorPolicy: 'all' });
  const viewer = useViewer();
  const idle = useAfterIdle();
  const spikes = data?.spikeGoods ?? [];
  const specials = data?.everydayPriceGoods.items ?? [];
  const recommended = data?.recommendedGoods.items ?? [];
  const hotGoodsPlaceholder = (
    <section className={styles.section} aria-label="热销商品">
      <GoodsGridSkeleton label="热销商品加载中" />
    </section>
  );
  return (
    <>
      <h1 className="visually-hidden">药品批发采购首页</h1>
      <div className={styles.hero}>
        <HomeCarousel banners={data?.banners ?? []} />
      </div>
      {/* The promotions and the hot goods appear together, once the answer and their code are both in: arriving one
          after the other, each pushed what was already drawn below it down the page (layout shift). */}
      {loading && !data ? (
        hotGoodsPlaceholder
      ) : (
        <Suspense fallback={hotGoodsPlaceholder}>
          {data?.site && spikes.length > 0 ? (
            <SpikeSection
              offers={spikes}
              serverTime={data.site.serverTime}
              sectionClass={styles.section}
              headingClass={styles.heading}
            />
          ) : null}
          {specials.length > 0 ? (
            <EverydayPriceSection specials={specials} sectionClass={styles.section} headingClass={styles.heading} />
          ) : null}
          {/* PROMO-08: the new-customer recommendations (slot xrtj), in their 390 × 200 pictures. */}
          <HomeBannerRow
            id="new-user-heading"
            title="新人推荐"
            banners={data?.newUserBanners ?? []}
            aspectRatio="39 / 20"
            sectionClass={styles.section}
            headingClass={styles.heading}
          />
          <section className={styles.section} aria-labelledby="hot-goods-heading">
            <h2 className={styles.heading} id="hot-goods-heading">
              热销商品
            </h2>
            <GoodsGrid
              goods={data?.hotGoods ?? []}
              label="热销商品"
              empty={<EmptyState title="暂无热销商品">稍后再来看看吧</EmptyState>}
            />
          </section>
          {/* PROMO-08: the showcase (slot demo): special zones and activities, each leading to its template page. */}
          <HomeBannerRow
            id="showcase-heading"
            title="专题活动"
            banners={data?.showcaseBanners ?? []}
            aspectRatio="4 / 1"
            sectionClass={styles.section}
            headingClass={styles.heading}
          />
        </Suspense>
      )}
      {recommended.length > 0 ? (
        <section className={styles.section} aria-labelledby="recommended-heading">
          <h2 className={styles.heading} id="recommended-heading">
            为您推荐
          </h2>
          <Suspense fallback={<GoodsGridSkeleton label="为您推荐加载中" />}>
            <GoodsGrid goods={recommended} label="为您推荐" empty={null} />
          </Suspense>
        </section>
      ) : null}
      {viewer.signedIn && idle ? (
        <Suspense fallback={null}>
          <LuckyDrawPopup />
        </Suspense>
      ) : null}
    </>
  );
}
