import type { ApolloClient, DefaultContext, ErrorPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { DrawAdsQueryVariables } from '../../gql/graphql';
import { SECONDARY } from '../../shared/error-policy';

export const DrawAdsQuery = graphql(`
  query DrawAds($id: ID!) {
    luckyDraw(id: $id) {
      id
      ads {
        id
        image
        url
        title
      }
    }
  }
`);

/** The ads' query options: the ads and the draw page's route loader ask the same. */
function adsOptions(drawId: string): {
  variables: DrawAdsQueryVariables;
  context: DefaultContext;
  errorPolicy: ErrorPolicy;
} {
  return { variables: { id: drawId }, context: SECONDARY, errorPolicy: 'all' };
}

/** For the draw page's route loader. */
export function preloadDrawAds(client: ApolloClient, drawId: string): Promise<unknown> {
  return client.query({ query: DrawAdsQuery, ...adsOptions(drawId) });
}

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  // The picture's own proportions (1000 × 240) reserved before it arrives: nothing below moves.
  link: {
    display: 'block',
    aspectRatio: '25 / 6',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

/** DRAW-09: the draw page's advertisements under its head; secondary, so a failure shows nothing (ERR-10). */
export function DrawAds({ drawId }: { drawId: string }) {
  const styles = useStyles();
  const { data } = useQuery(DrawAdsQuery, adsOptions(drawId));
  const ads = data?.luckyDraw?.ads ?? [];
  if (ads.length === 0) return null;
  return (
    <nav className={styles.row} aria-label="活动推荐">
      {ads.map((ad) => (
        <SiteLink key={ad.id} className={styles.link} url={ad.url} label={ad.title}>
          <img className={styles.image} src={ad.image} alt={ad.title} width={1000} height={240} loading="lazy" />
        </SiteLink>
      ))}
    </nav>
  );
}
