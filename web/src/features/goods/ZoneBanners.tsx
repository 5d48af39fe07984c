import { makeStyles, tokens } from '@fluentui/react-components';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { ZoneBanners_BannerFragment } from '../../gql/graphql';

export const ZoneBannersFragment = graphql(`
  fragment ZoneBanners_banner on Banner {
    id
    image
    url
    title
  }
`);

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: '12px',
    marginBottom: '12px',
    // A phone shows one banner at a time, the others a swipe away, so the goods start on the first screen.
    '@media (max-width: 600px)': {
      gridTemplateColumns: 'none',
      gridAutoFlow: 'column',
      gridAutoColumns: '88%',
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      scrollbarWidth: 'none',
    },
  },
  // A fixed box per picture: the list below does not move when the pictures arrive.
  link: {
    display: 'block',
    aspectRatio: '4 / 1',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    scrollSnapAlign: 'start',
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

/** The zone's banners side by side above its goods; nothing when the zone has none. */
export function ZoneBanners({ banners }: { banners: readonly ZoneBanners_BannerFragment[] }) {
  const styles = useStyles();
  if (banners.length === 0) return null;
  return (
    <div className={styles.row}>
      {banners.map((banner) => (
        <SiteLink key={banner.id} className={styles.link} url={banner.url} label={banner.title}>
          <img className={styles.image} src={banner.image} alt={banner.title} />
        </SiteLink>
      ))}
    </div>
  );
}
