import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { GoodsFilter } from '../../gql/graphql';
import type { ListView } from './list-view';
import { usePageTitle } from '../../shared/page-title';
import { formatDateTime } from '../../shared/time';
import { ActivityHeader } from './ActivityHeader';
import { goodsListVariables, GoodsListView, preloadGoodsList } from './GoodsListView';
import { preloadAll } from '../../shared/preload';

export const ActivityZoneQuery = graphql(`
  query ActivityZone($id: ID!) {
    site {
      serverTime
    }
    activity(id: $id) {
      id
      title
      status
      ...ActivityHeader_activity
    }
  }
`);

export const ActivityIndexQuery = graphql(`
  query ActivityIndex {
    activities {
      id
      typeName
      title
      description
      startsAt
      endsAt
      status
      goodsCount
    }
  }
`);

const VIEWS: readonly ListView[] = ['grid'];

/** An activity's goods are the goods list narrowed to it, so sort, paging and add-to-cart work as on /list. */
export function activityGoodsFilter(id: string): GoodsFilter {
  return { activityId: id };
}

/** Route loader: the activity and its first page of goods, or the index of running activities. */
export async function preload(client: ApolloClient, id: string | undefined, params: URLSearchParams): Promise<null> {
  return preloadAll(
    id
      ? Promise.all([
          client.query({ query: ActivityZoneQuery, variables: { id }, errorPolicy: 'all' }),
          preloadGoodsList(client, goodsListVariables(params, activityGoodsFilter(id))),
        ])
      : client.query({ query: ActivityIndexQuery }),
  );
}

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  cards: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    display: 'grid',
    gap: '6px',
    height: '100%',
    boxSizing: 'border-box',
    padding: '14px 16px',
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderTop: `3px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  cardUpcoming: { borderTop: `3px solid ${tokens.colorNeutralForeground3}` },
  cardHead: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  kind: {
    padding: '0 6px',
    fontSize: tokens.fontSizeBase200,
    lineHeight: '20px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
  },
  kindUpcoming: { backgroundColor: tokens.colorNeutralForeground3 },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  state: { marginLeft: 'auto', fontSize: tokens.fontSizeBase200, color: tokens.colorBrandForeground1 },
  stateUpcoming: { color: tokens.colorNeutralForeground3 },
  text: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  when: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  go: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
});

/** /yjh: the activities a buyer can take part in now or soon, as cards leading to each activity's page. */
function ActivityIndex() {
  const styles = useStyles();
  usePageTitle('活动专区');
  const { data, loading, error } = useQuery(ActivityIndexQuery);
  const activities = data?.activities;
  return (
    <>
      <h1 className={styles.heading}>活动专区</h1>
      {!activities ? (
        <EmptyState title={loading ? '活动加载中' : error ? '活动暂时无法加载' : '暂无进行中的活动'} />
      ) : activities.length === 0 ? (
        <EmptyState title="暂无进行中的活动">
          <Link to="/list">去看看全部商品</Link>
        </EmptyState>
      ) : (
        <ul className={styles.cards} aria-label="进行中的活动">
          {activities.map((activity) => {
            const upcoming = activity.status !== 'RUNNING';
            return (
              <li key={activity.id}>
                <Link
                  className={mergeClasses(styles.card, upcoming && styles.cardUpcoming)}
                  to={`/yjh/${activity.id}`}
                  aria-label={`${activity.typeName} ${activity.title}`}
                >
                  <span className={styles.cardHead}>
                    <span className={mergeClasses(styles.kind, upcoming && styles.kindUpcoming)}>
                      {activity.typeName}
                    </span>
                    <span className={styles.cardTitle}>{activity.title}</span>
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
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** /yjh/{id}: one activity's head and its goods; an ended or unknown activity says so and leads back. */
function ActivityDetail({ id }: { id: string }) {
  // The server's clock only drives the countdown: without it the activity still shows, counting on the device's.
  const { data, loading, error } = useQuery(ActivityZoneQuery, { variables: { id }, errorPolicy: 'all' });
  const activity = data?.activity;
  usePageTitle(activity?.title ?? '活动专区');

  if (!activity) {
    if (loading) return <EmptyState title="活动加载中" />;
    return (
      <EmptyState title={error ? '活动暂时无法加载' : '活动不存在'}>
        <Link to="/yjh">看看进行中的活动</Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ActivityHeader activity={activity} serverTime={data?.site?.serverTime} headingLevel={1} />
      {activity.status === 'ENDED' ? (
        <EmptyState title="该活动已结束，活动商品不再按活动价销售">
          <Link to="/yjh">看看进行中的活动</Link>
        </EmptyState>
      ) : (
        <GoodsListView
          basePath={`/yjh/${encodeURIComponent(id)}`}
          views={VIEWS}
          filter={activityGoodsFilter(id)}
          label={`${activity.title}活动商品`}
          emptyText="该活动暂无商品"
        />
      )}
    </>
  );
}

/** /yjh/{id?} (活动专区): one activity with its goods, or without an id the index of running activities. */
export default function ActivityPage() {
  const { id } = useParams();
  return id ? <ActivityDetail key={id} id={id} /> : <ActivityIndex />;
}
