import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../gql';
import type { BannerRow_BannerFragment } from '../gql/graphql';
import { SiteLink } from './SiteLink';

export const BannerRowFragment = graphql(`
  fragment BannerRow_banner on Banner {
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
    // A phone shows one picture at a time, the others a swipe away, so the goods below start on the first screen.
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
  spaced: { marginBottom: '12px' },
});

/**
 * A row of a slot's pictures that lead somewhere (a zone's banners, the home's 新人推荐 and 专题活动), side by side on
 * a desktop and swiped on a phone; nothing when the slot has none.
 */
export function BannerRow({
  banners,
  label,
  aspectRatio = '4 / 1',
  lazy = false,
  spaced = false,
}: {
  banners: readonly BannerRow_BannerFragment[];
  /** What the list is, for a screen reader. */
  label: string;
  /** The slot's picture proportions, width / height. */
  aspectRatio?: string;
  /** Pictures below the first screen load when they come near it. */
  lazy?: boolean;
  /** Above a list: a gap before it. */
  spaced?: boolean;
}) {
  const styles = useStyles();
  if (banners.length === 0) return null;
  return (
    <ul className={mergeClasses(styles.row, spaced && styles.spaced)} aria-label={label}>
      {banners.map((banner) => (
        <li key={banner.id}>
          <SiteLink className={styles.link} style={{ aspectRatio }} url={banner.url} label={banner.title}>
            <img className={styles.image} src={banner.image} alt={banner.title} loading={lazy ? 'lazy' : undefined} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
