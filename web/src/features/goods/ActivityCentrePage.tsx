import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { activityCentrePath, parseActivityIds, selectedActivityId } from './activity-ids';
import type { ListView } from './list-view';
import { ActivityHeader } from './ActivityHeader';
import { activityGoodsFilter } from './ActivityPage';
import { goodsListVariables, GoodsListView, preloadGoodsList } from './GoodsListView';
import { useActivityTap } from '../../shared/activity-tap';
import { preloadAll } from '../../shared/preload';

export const ActivityCentreQuery = graphql(`
  query ActivityCentre($ids: [ID!]!) {
    site {
      serverTime
    }
    activities(ids: $ids) {
      id
      title
      status
      ...ActivityHeader_activity
    }
  }
`);

const VIEWS: readonly ListView[] = ['grid'];

/**
 * Route loader: the centre's activities and the goods of the tab the address names (or of the first id, the tab
 * shown when the address names none), so the page appears with its goods.
 */
export async function preload(
  client: ApolloClient,
  idsParam: string | undefined,
  id: string | undefined,
  params: URLSearchParams,
): Promise<null> {
  const ids = parseActivityIds(idsParam);
  const first = selectedActivityId(ids, id);
  if (first === undefined) return null;
  return preloadAll(
    client.query({ query: ActivityCentreQuery, variables: { ids }, errorPolicy: 'all' }),
    preloadGoodsList(client, goodsListVariables(params, activityGoodsFilter(first))),
  );
}

const useStyles = makeStyles({
  heading: { marginBottom: tokens.spacingVerticalS },
  // Many activities scroll sideways on a phone instead of wrapping into a tall block of tabs.
  tabs: {
    marginBottom: '12px',
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    scrollbarWidth: 'thin',
  },
  tab: { flexShrink: 0, whiteSpace: 'nowrap' },
});

/**
 * /Hdzx/{ids}/{id?} (活动中心): the activities the address names as tabs; the chosen one (the first by default)
 * shows its head and goods. Each tab is its own address, so a buyer can share the one they are looking at.
 */
export default function ActivityCentrePage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const tap = useActivityTap();
  const { ids: idsParam, id } = useParams();
  const ids = parseActivityIds(idsParam);
  const { data, loading, error } = useQuery(ActivityCentreQuery, {
    variables: { ids },
    skip: ids.length === 0,
    errorPolicy: 'all',
  });
  const activities = data?.activities ?? [];
  const selectedId = selectedActivityId(
    activities.map((a) => a.id),
    id,
  );
  const selected = activities.find((a) => a.id === selectedId);

  let body;
  if (ids.length === 0) {
    body = (
      <EmptyState title="活动链接有误，没有可查看的活动">
        <Link to="/yjh">看看进行中的活动</Link>
      </EmptyState>
    );
  } else if (!selected) {
    body = loading ? (
      <EmptyState title="活动加载中" />
    ) : (
      <EmptyState title={error && !data?.activities ? '活动暂时无法加载' : '这些活动不存在或已下架'}>
        <Link to="/yjh">看看进行中的活动</Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TabList
          className={styles.tabs}
          selectedValue={selected.id}
          onTabSelect={(_event, tab) => {
            // CATALOG-11: choosing an activity's tab is a tap on it, counted beside the navigation.
            tap(String(tab.value));
            void navigate(
              activityCentrePath(
                activities.map((a) => a.id),
                String(tab.value),
              ),
            );
          }}
          aria-label="活动"
        >
          {activities.map((activity) => (
            <Tab key={activity.id} value={activity.id} className={styles.tab}>
              {activity.title}
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" aria-label={selected.title}>
          <ActivityHeader activity={selected} serverTime={data?.site?.serverTime} headingLevel={2} />
          {selected.status === 'ENDED' ? (
            <EmptyState title="该活动已结束，看看其他活动吧" />
          ) : (
            <GoodsListView
              key={selected.id}
              basePath={activityCentrePath(
                activities.map((a) => a.id),
                selected.id,
              )}
              views={VIEWS}
              filter={activityGoodsFilter(selected.id)}
              label={`${selected.title}活动商品`}
              emptyText="该活动暂无商品"
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <SectionHeading className={styles.heading}>活动中心</SectionHeading>
      {body}
    </>
  );
}
