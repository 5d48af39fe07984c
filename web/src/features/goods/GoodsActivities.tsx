import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { GoodsActivities_GoodsFragment } from '../../gql/graphql';
import { useActivityTap } from '../../shared/activity-tap';
import { formatDateTime } from '../../shared/time';

export const GoodsActivitiesFragment = graphql(`
  fragment GoodsActivities_goods on Goods {
    id
    activities {
      id
      type
      typeName
      title
      description
      startsAt
      endsAt
      running
    }
  }
`);

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '6px' },
  item: { display: 'flex', gap: '8px', alignItems: 'baseline', flexWrap: 'wrap', fontSize: tokens.fontSizeBase200 },
  kind: {
    flexShrink: 0,
    padding: '0 6px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
  },
  upcoming: { backgroundColor: tokens.colorNeutralForeground3 },
  title: { fontWeight: tokens.fontWeightSemibold, color: 'inherit', ':hover': { color: tokens.colorBrandForeground1 } },
  when: { color: tokens.colorNeutralForeground3 },
});

/** The promotions a goods takes part in: running ones as offers, upcoming ones with their start; each links to its page. */
export function GoodsActivities({ goods }: { goods: GoodsActivities_GoodsFragment }) {
  const styles = useStyles();
  const tap = useActivityTap();
  // Null when the activities call failed: the page shows the goods without them (the error link has said so).
  const activities = goods.activities ?? [];
  if (activities.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="促销活动">
      {activities.map((activity) => (
        <li key={activity.id} className={styles.item}>
          <span className={mergeClasses(styles.kind, !activity.running && styles.upcoming)}>{activity.typeName}</span>
          {/* The activity's own page (/yjh/{id}) lists every goods it covers; the tap is counted (CATALOG-11). */}
          <Link className={styles.title} to={`/yjh/${activity.id}`} onClick={() => tap(activity.id)}>
            {activity.title}
          </Link>
          <span>{activity.description}</span>
          <span className={styles.when}>
            {activity.running ? `至 ${formatDateTime(activity.endsAt)}` : `${formatDateTime(activity.startsAt)} 开始`}
          </span>
        </li>
      ))}
    </ul>
  );
}
