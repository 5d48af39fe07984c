import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router';
import { MissingState } from '../../components/MissingState';
import { Panel } from '../../components/Panel';
import { RichText } from '../../components/RichText';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { newsInfoPath, newsListPath, newsTabOf } from '../../shared/info-paths';
import { usePageTitle } from '../../shared/page-title';
import { formatDateTime } from '../../shared/time';

export const NewsArticleQuery = graphql(`
  query NewsArticle($id: ID!) {
    newsArticle(id: $id) {
      id
      kind
      title
      publishedAt
      html
      previous {
        id
        title
      }
      next {
        id
        title
      }
    }
  }
`);

const KIND_LABEL = { INDUSTRY: '行业资讯', COMPANY: '公司动态' } as const;

const useStyles = makeStyles({
  crumbs: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase200 },
  crumb: { color: tokens.colorBrandForeground1 },
  heading: { marginBottom: tokens.spacingVerticalXS },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  neighbours: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  link: { color: tokens.colorBrandForeground1 },
});

/**
 * /news/info/{id}/{type} (资讯详情, INFO-05): a post in full with the previous and next post of its tab. The tab is
 * the post's own; the address's type only matters while the post loads.
 */
export default function NewsDetailPage() {
  const styles = useStyles();
  const { id = '', type } = useParams();
  const { data, loading, error } = useQuery(NewsArticleQuery, { variables: { id } });
  const post = data?.newsArticle;
  usePageTitle(post?.title ?? '新闻中心');
  const tab = post?.kind ?? newsTabOf(type);

  if (!post) {
    return (
      <>
        <SectionHeading>新闻中心</SectionHeading>
        <MissingState
          what="资讯"
          loading={loading}
          failed={Boolean(error)}
          missingTitle="这条资讯不存在或已下线"
          link={{ to: newsListPath(tab), label: '返回新闻中心' }}
        />
      </>
    );
  }
  return (
    <>
      <p className={styles.crumbs}>
        <Link className={styles.crumb} to="/news">
          新闻中心
        </Link>
        {' > '}
        <Link className={styles.crumb} to={newsListPath(tab)}>
          {KIND_LABEL[tab]}
        </Link>
      </p>
      <Panel label={post.title} last>
        <div>
          <SectionHeading className={styles.heading}>{post.title}</SectionHeading>
          <p className={styles.meta}>
            {KIND_LABEL[tab]} · 发布于 {formatDateTime(post.publishedAt)}
          </p>
        </div>
        <RichText html={post.html} />
        <nav className={styles.neighbours} aria-label="上一篇和下一篇">
          <span>
            上一篇：
            {post.previous ? (
              <Link className={styles.link} to={newsInfoPath(post.previous.id, tab)}>
                {post.previous.title}
              </Link>
            ) : (
              '没有了'
            )}
          </span>
          <span>
            下一篇：
            {post.next ? (
              <Link className={styles.link} to={newsInfoPath(post.next.id, tab)}>
                {post.next.title}
              </Link>
            ) : (
              '没有了'
            )}
          </span>
        </nav>
      </Panel>
    </>
  );
}
