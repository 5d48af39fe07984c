import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Panel } from '../../components/Panel';
import { RowList } from '../../components/RowList';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { pageSearch, pageVariables, readPage, useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { preloadForMember } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { PictureList } from '../../shared/PictureList';
import { FeedbackForm } from './FeedbackForm';
import { useRequestStyles } from './request-styles';

export const FeedbackListQuery = graphql(`
  query FeedbackList($page: Int, $pageSize: Int) {
    feedbackList(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        typeText
        content
        phone
        email
        reply
        repliedAt
        createdAt
        images {
          id
          name
          url
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({
      query: FeedbackListQuery,
      variables: pageVariables(params, PAGE_SIZE),
      fetchPolicy: 'network-only',
    }),
  ]);
}

const useStyles = makeStyles({
  contact: { margin: 0, overflowWrap: 'anywhere' },
  row: { gridTemplateColumns: 'minmax(0, 1fr)' },
  rowHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  content: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  waiting: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** /yjfk (zzfw_yjfk): the feedback form and, below it, the buyer's own feedback with the platform's replies. */
export default function FeedbackPage() {
  const styles = useStyles();
  const shared = useRequestStyles();
  const { filter, go } = useListSearch(readPage, pageSearch);
  const { data, loading, error } = useQuery(FeedbackListQuery, {
    variables: { page: filter.page, pageSize: PAGE_SIZE },
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const list = data?.feedbackList;

  return (
    <>
      <SectionHeading>意见反馈</SectionHeading>
      <Panel title="我要反馈" titleId="feedback-form">
        <p className={shared.meta}>您的意见是我们改进的动力，平台会在1个工作日内回复，回复将同时发送站内消息。</p>
        <FeedbackForm />
      </Panel>
      <Panel title={list ? `我的反馈（${list.total}）` : '我的反馈'} titleId="feedback-list" last>
        <ListState
          list={list}
          loading={loading}
          error={error}
          noun="反馈记录"
          empty={{ title: '还没有反馈记录', hint: '提交的反馈和平台的回复会显示在这里。' }}
        >
          {(found) => (
            <RowList
              label="我的反馈"
              items={found.items}
              rowClassName={styles.row}
              render={(f) => (
                <>
                  <div className={styles.rowHead}>
                    <Badge appearance="outline" color="brand">
                      {f.typeText}
                    </Badge>
                    <time className={shared.meta} dateTime={f.createdAt}>
                      {formatDateTime(f.createdAt)}
                    </time>
                  </div>
                  <p className={styles.content}>{f.content}</p>
                  {f.email ? <p className={mergeClasses(shared.meta, styles.contact)}>联系邮箱：{f.email}</p> : null}
                  {f.images.length > 0 ? <PictureList pictures={f.images} noun="图片" label="反馈图片" /> : null}
                  {f.reply ? (
                    <p className={shared.answer}>
                      平台回复：{f.reply}
                      {f.repliedAt ? <span className={shared.meta}>（{formatDateTime(f.repliedAt)}）</span> : null}
                    </p>
                  ) : (
                    <p className={styles.waiting}>等待平台回复</p>
                  )}
                </>
              )}
            />
          )}
        </ListState>
        <ListPager list={list} page={filter.page} onGo={(page) => go({ page })} unit="条" />
      </Panel>
    </>
  );
}
