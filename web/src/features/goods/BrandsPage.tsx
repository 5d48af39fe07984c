import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useParams } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { pageCount, pageParam } from '../../shared/page-param';
import { preloadAll } from '../../shared/preload';
import { BannerRow } from '../../components/BannerRow';

export const BrandsQuery = graphql(`
  query Brands {
    brands {
      id
      name
      logo
    }
    zoneBanners: banners(slot: BRAND_ZONE) {
      id
      ...BannerRow_banner
    }
  }
`);

/** Route loader: the brands and the zone's banners, so the page renders with them (on the server, in one pass). */
export function preload(client: ApolloClient): Promise<null> {
  return preloadAll(client.query({ query: BrandsQuery, errorPolicy: 'all' }));
}

const useStyles = makeStyles({
  brand: {
    display: 'grid',
    justifyItems: 'center',
    alignContent: 'center',
    gap: '8px',
    height: '120px',
    padding: '12px',
    color: 'inherit',
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    ':hover': { boxShadow: tokens.shadow8, color: tokens.colorBrandForeground1 },
  },
  logo: { width: '120px', height: '56px', objectFit: 'contain' },
  name: { fontWeight: tokens.fontWeightSemibold },
});

/** Brands per page of the brand zone. */
export const BRANDS_PAGE_SIZE = 24;

/** PROMO-07: the brand zone's page N lives in the path (/ppzq/2); page 1 is the bare /ppzq. */
export function brandsPagePath(page: number): string {
  return page <= 1 ? '/ppzq' : `/ppzq/${page}`;
}

/** /ppzq/{page?} (brand zone): the brands, 24 a page, each leading to its goods. */
export default function BrandsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  // Partial answers still show what arrived: the banners failing must not hide the brands.
  const { data, loading, error } = useQuery(BrandsQuery, { errorPolicy: 'all' });
  const all = data?.brands ?? [];
  // A page beyond the last shows the last one; a malformed one the first (CATALOG-05).
  const page = Math.min(pageParam(useParams().page ?? null), pageCount(all.length, BRANDS_PAGE_SIZE));
  const brands = all.slice((page - 1) * BRANDS_PAGE_SIZE, page * BRANDS_PAGE_SIZE);
  return (
    <>
      <SectionHeading>品牌专区</SectionHeading>
      {/* PROMO-08: the brand zone's banners (slot ppzq) above its brands. */}
      <BannerRow banners={data?.zoneBanners ?? []} label="品牌专区广告" spaced />
      {brands.length === 0 ? (
        <EmptyState title={loading ? '品牌加载中' : error && !data?.brands ? '品牌暂时无法加载' : '暂无品牌'} />
      ) : (
        <CardGrid label="品牌" minWidth={180} twoOnPhone>
          {brands.map((brand) => (
            <li key={brand.id}>
              <Link className={styles.brand} to={`/ppzq/info/${encodeURIComponent(brand.id)}`}>
                {brand.logo ? <img className={styles.logo} src={brand.logo} alt="" loading="lazy" /> : null}
                <span className={styles.name}>{brand.name}</span>
              </Link>
            </li>
          ))}
        </CardGrid>
      )}
      <Pager
        page={page}
        total={all.length}
        pageSize={BRANDS_PAGE_SIZE}
        onGo={(next) => void navigate(brandsPagePath(next))}
      />
    </>
  );
}
