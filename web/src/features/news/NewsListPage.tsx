import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../components/PageHead';
import { RowList } from '../../components/RowList';
import { graphql } from '../../gql';
import { newsInfoPath, newsListPath, newsTabOf, type NewsTab } from '../../shared/info-paths';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { pageParam } from '../../shared/page-param';
import { preloadAll } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';

export const NEWS_PAGE_SIZE = 10;

export const NewsListQuery = graphql(`
  query NewsList($kind: NewsKind!, $page: Int!, $pageSize: Int!) {
    newsPosts(kind: $kind, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        kind
        title
        summary
        publishedAt
      }
    }
  }
`);

/** The list's variables from its address (`?type=2&page=3`): the loader and the page ask the same. */
function variablesOf(params: URLSearchParams) {
  return { kind: newsTabOf(params.get('type')), page: pageParam(params.get('page')), pageSize: NEWS_PAGE_SIZE };
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: NewsListQuery, variables: variablesOf(params) }));
}

const TABS: readonly { value: NewsTab; label: string }[] = [
  { value: 'INDUSTRY', label: '行业资讯' },
  { value: 'COMPANY', label: '公司动态' },
];

const useStyles = makeStyles({
  item: {
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    ':last-child': { borderBottom: 'none' },
  },
  head: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  link: {
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, textDecorationLine: 'underline' },
  },
  date: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  summary: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** /news (新闻中心, INFO-05): industry news and company news as two tabs, each paged, newest first. */
export default function NewsListPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const variables = variablesOf(params);
  const { kind: tab, page } = variables;
  const { data, loading, error } = useQuery(NewsListQuery, { variables });
  const label = TABS.find((t) => t.value === tab)?.label ?? '行业资讯';

  return (
    <>
      <PageHead title="新闻中心" intro="医药行业政策动态与平台公告" link={{ to: '/help', label: '帮助中心' }} panel />
      <ListTabs label="资讯分类" tabs={TABS} selected={tab} onSelect={(next) => void navigate(newsListPath(next))} />
      <div role="tabpanel" aria-label={label}>
        <ListState
          list={data?.newsPosts}
          loading={loading}
          error={error}
          noun="资讯"
          loadingTitle="资讯加载中"
          empty={{
            title: page > 1 ? '这一页没有资讯了' : `暂无${label}`,
            hint: <Link to={newsListPath(tab)}>回到第一页</Link>,
          }}
        >
          {(list) => (
            <>
              <RowList
                label={label}
                items={list.items}
                rowClassName={styles.item}
                render={(post) => (
                  <>
                    <div className={styles.head}>
                      <h2 className={styles.title}>
                        <Link className={styles.link} to={newsInfoPath(post.id, post.kind)}>
                          {post.title}
                        </Link>
                      </h2>
                      <span className={styles.date}>{formatDateTime(post.publishedAt)}</span>
                    </div>
                    {post.summary ? <p className={styles.summary}>{post.summary}</p> : null}
                  </>
                )}
              />
              <ListPager
                list={list}
                page={list.page}
                unit="条"
                onGo={(next) => void navigate(newsListPath(tab, next))}
              />
            </>
          )}
        </ListState>
      </div>
    </>
  );
}
