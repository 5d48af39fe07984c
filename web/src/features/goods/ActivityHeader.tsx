import { makeStyles, tokens } from '@fluentui/react-components';
import { BannerHead } from '../../components/BannerHead';
import { graphql } from '../../gql';
import type { ActivityHeader_ActivityFragment } from '../../gql/graphql';
import { countdown } from '../../shared/countdown';
import { useServerNow } from '../../shared/server-now';
import { formatDateTime } from '../../shared/time';

export const ActivityHeaderFragment = graphql(`
  fragment ActivityHeader_activity on GoodsActivity {
    id
    typeName
    title
    description
    startsAt
    endsAt
    status
    goodsCount
  }
`);

const useStyles = makeStyles({
  description: { margin: '6px 0 0', fontSize: tokens.fontSizeBase300 },
  meta: { margin: '6px 0 0', fontSize: tokens.fontSizeBase200, opacity: 0.9 },
  clock: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    fontSize: tokens.fontSizeBase300,
    whiteSpace: 'nowrap',
    justifySelf: 'end',
    '@media (max-width: 600px)': { justifySelf: 'start' },
  },
  digits: {
    minWidth: '28px',
    padding: '2px 4px',
    textAlign: 'center',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  ended: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, justifySelf: 'end' },
});

/** Time left to the end of a running activity, or to the start of an upcoming one, on the server's clock. */
function ActivityClock({
  activity,
  serverTime,
}: {
  activity: ActivityHeader_ActivityFragment;
  serverTime: string | undefined;
}) {
  const styles = useStyles();
  const now = useServerNow(serverTime);
  const running = activity.status === 'RUNNING';
  const left = countdown(Date.parse(running ? activity.endsAt : activity.startsAt), now);
  // Past the end while the page is open: say so rather than count below zero.
  if (running && left.done) return <span className={styles.ended}>活动已结束</span>;
  const label = running ? '距结束' : '距开始';
  return (
    <span
      className={styles.clock}
      role="timer"
      aria-label={`${label}${left.days > 0 ? `${left.days}天` : ''}${left.hours}时${left.minutes}分${left.seconds}秒`}
    >
      {label}
      {left.days > 0 ? <span>{left.days} 天</span> : null}
      <span className={styles.digits}>{left.hours}</span>:<span className={styles.digits}>{left.minutes}</span>:
      <span className={styles.digits}>{left.seconds}</span>
    </span>
  );
}

/**
 * The head of an activity's page (/yjh/{id}, a tab of /Hdzx): its kind, name, offer, period and goods count, with a
 * countdown while it is running or about to start.
 */
export function ActivityHeader({
  activity,
  serverTime,
  headingLevel,
}: {
  activity: ActivityHeader_ActivityFragment;
  serverTime: string | undefined;
  headingLevel: 1 | 2;
}) {
  const styles = useStyles();
  const over = activity.status === 'ENDED';
  return (
    <BannerHead
      title={activity.title}
      headingLevel={headingLevel}
      label={activity.typeName}
      labelMuted={over}
      labelFirst
      over={over}
      regionLabel={`活动：${activity.title}`}
      aside={
        over ? (
          <span className={styles.ended}>活动已结束</span>
        ) : (
          <ActivityClock activity={activity} serverTime={serverTime} />
        )
      }
    >
      {activity.description ? <p className={styles.description}>{activity.description}</p> : null}
      <p className={styles.meta}>
        活动时间：{formatDateTime(activity.startsAt)} 至 {formatDateTime(activity.endsAt)}
        {activity.goodsCount !== null && activity.goodsCount !== undefined
          ? ` · 共 ${activity.goodsCount} 件活动商品`
          : null}
      </p>
    </BannerHead>
  );
}
