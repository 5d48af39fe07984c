import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { FeaturedActivities_ActivityFragment } from '../../gql/graphql';
import { useActivityTap } from '../../shared/activity-tap';
import { formatDateTime } from '../../shared/time';

export const FeaturedActivitiesFragment = graphql(`
  fragment FeaturedActivities_activity on GoodsActivity {
    id
    title
    typeName
    description
    endsAt
    goodsCount
  }
`);

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    height: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    color: 'inherit',
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  kind: {
    justifySelf: 'start',
    padding: `0 ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase200,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** The activities a hub or template features: a card each, leading to the activity's own page (/yjh/{id}). */
export function FeaturedActivities({
  activities,
  headingId,
}: {
  activities: readonly FeaturedActivities_ActivityFragment[];
  headingId: string;
}) {
  const styles = useStyles();
  const tap = useActivityTap();
  if (activities.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading as="h2" id={headingId}>
        精选活动
      </SectionHeading>
      <CardGrid label="精选活动" minWidth={220} oneOnPhone>
        {activities.map((activity) => (
          <li key={activity.id}>
            {/* CATALOG-11: the tap is counted as the link is followed, never in its way. */}
            <Link
              className={styles.card}
              to={`/yjh/${encodeURIComponent(activity.id)}`}
              onClick={() => tap(activity.id)}
            >
              <span className={styles.kind}>{activity.typeName}</span>
              <p className={styles.title}>{activity.title}</p>
              <p className={styles.meta}>{activity.description}</p>
              <p className={styles.meta}>
                {activity.goodsCount === null ? '' : `${activity.goodsCount}件商品 · `}
                {formatDateTime(activity.endsAt)} 结束
              </p>
            </Link>
          </li>
        ))}
      </CardGrid>
    </section>
  );
}
