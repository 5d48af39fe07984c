import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { ActivityCard_ActivityFragment } from '../../gql/graphql';
import { useActivityTap } from '../../shared/activity-tap';
import { formatDateTime } from '../../shared/time';

/** Fields in the order the card shows them. */
export const ActivityCardFragment = graphql(`
  fragment ActivityCard_activity on GoodsActivity {
    id
    status
    typeName
    title
    description
    goodsCount
    startsAt
    endsAt
  }
`);

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalSNudge,
    height: '100%',
    boxSizing: 'border-box',
    padding: `14px ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderTop: `3px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  cardUpcoming: { borderTop: `3px solid ${tokens.colorNeutralForeground3}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  kind: {
    padding: `0 ${tokens.spacingHorizontalSNudge}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: '20px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
  },
  kindUpcoming: { backgroundColor: tokens.colorNeutralForeground3 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  state: { marginLeft: 'auto', fontSize: tokens.fontSizeBase200, color: tokens.colorBrandForeground1 },
  stateUpcoming: { color: tokens.colorNeutralForeground3 },
  text: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  when: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  go: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
});

/** An activity of the /yjh index: its kind, name, state, offer and period, leading to its goods. */
export function ActivityCard({ activity }: { activity: ActivityCard_ActivityFragment }) {
  const styles = useStyles();
  const tap = useActivityTap();
  const upcoming = activity.status !== 'RUNNING';
  return (
    <Link
      className={mergeClasses(styles.card, upcoming && styles.cardUpcoming)}
      to={`/yjh/${activity.id}`}
      aria-label={`${activity.typeName} ${activity.title}`}
      // CATALOG-11: counted as the link is followed, never in its way.
      onClick={() => tap(activity.id)}
    >
      <span className={styles.head}>
        <span className={mergeClasses(styles.kind, upcoming && styles.kindUpcoming)}>{activity.typeName}</span>
        <span className={styles.title}>{activity.title}</span>
        <span className={mergeClasses(styles.state, upcoming && styles.stateUpcoming)}>
          {upcoming ? '即将开始' : '进行中'}
        </span>
      </span>
      <span className={styles.text}>{activity.description}</span>
      <span className={styles.when}>
        {upcoming ? `${formatDateTime(activity.startsAt)} 开始` : `${formatDateTime(activity.endsAt)} 结束`}
        {typeof activity.goodsCount === 'number' ? ` · ${activity.goodsCount} 件商品` : ''}
      </span>
      <span className={styles.go}>查看活动商品 ›</span>
    </Link>
  );
}
