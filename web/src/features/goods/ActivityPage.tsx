import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { MissingState } from '../../components/MissingState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { GoodsFilter } from '../../gql/graphql';
import type { ListView } from './list-view';
import { usePageTitle } from '../../shared/page-title';
import { ActivityCard } from './ActivityCard';
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
      ...ActivityCard_activity
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

/** /yjh: the activities a buyer can take part in now or soon, as cards leading to each activity's page. */
function ActivityIndex() {
  usePageTitle('活动专区');
  const { data, loading, error } = useQuery(ActivityIndexQuery);
  const activities = data?.activities;
  return (
    <>
      <SectionHeading>活动专区</SectionHeading>
      {!activities ? (
        <EmptyState title={loading ? '活动加载中' : error ? '活动暂时无法加载' : '暂无进行中的活动'} />
      ) : activities.length === 0 ? (
        <EmptyState title="暂无进行中的活动">
          <Link to="/list">去看看全部商品</Link>
        </EmptyState>
      ) : (
        <CardGrid label="进行中的活动" minWidth={300} oneOnPhone>
          {activities.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} />
            </li>
          ))}
        </CardGrid>
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

  // PROMO-06: an activity the upstream does not know leads to /noActivity.
  if (data && activity === null && !error) return <Navigate to="/noActivity" replace />;
  if (!activity) {
    return (
      <MissingState
        what="活动"
        loading={loading}
        failed={Boolean(error)}
        missingTitle="活动不存在"
        link={{ to: '/yjh', label: '看看进行中的活动' }}
      />
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
