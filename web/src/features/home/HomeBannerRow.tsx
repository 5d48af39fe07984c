import { makeStyles, tokens } from '@fluentui/react-components';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { HomeBannerRow_BannerFragment } from '../../gql/graphql';

export const HomeBannerRowFragment = graphql(`
  fragment HomeBannerRow_banner on Banner {
    id
    image
    url
    title
  }
`);

const useStyles = makeStyles({
  row: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: '12px',
    // A phone shows one picture at a time, the others a swipe away, so the goods below start soon.
    '@media (max-width: 600px)': {
      gridTemplateColumns: 'none',
      gridAutoFlow: 'column',
      gridAutoColumns: '88%',
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      scrollbarWidth: 'none',
    },
  },
  // A fixed box per picture in the slot's proportions: nothing below moves when a picture arrives.
  link: {
    display: 'block',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    scrollSnapAlign: 'start',
    ':hover': { boxShadow: tokens.shadow8 },
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

/**
 * PROMO-08: a titled row of the home page's pictures that lead somewhere (新人推荐 from the new-customer slot, 专题活动
 * from the showcase slot); nothing when the slot has none.
 */
export default function HomeBannerRow({
  id,
  title,
  banners,
  aspectRatio,
  sectionClass,
  headingClass,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  banners: readonly HomeBannerRow_BannerFragment[];
  /** The slot's picture proportions, width / height (`39 / 20`). */
  aspectRatio: string;
  sectionClass: string;
  headingClass: string;
}) {
  const styles = useStyles();
  if (banners.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 className={headingClass} id={id}>
        {title}
      </h2>
      <ul className={styles.row} aria-label={title}>
        {banners.map((banner) => (
          <li key={banner.id}>
            <SiteLink className={styles.link} style={{ aspectRatio }} url={banner.url} label={banner.title}>
              <img className={styles.image} src={banner.image} alt={banner.title} loading="lazy" />
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
