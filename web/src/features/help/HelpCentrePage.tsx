import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { HelpArticleLinks } from '../../components/HelpArticleLinks';
import { PageHead } from '../../components/PageHead';
import { Panel } from '../../components/Panel';
import { graphql } from '../../gql';
import { newsInfoPath, newsListPath } from '../../shared/info-paths';
import { preloadAll } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { HelpMenuQuery } from './help-menu';
import { PAY_HELP_SECTIONS } from './pay-help';

export const HelpCentreMoreQuery = graphql(`
  query HelpCentreMore {
    site {
      hotline
    }
    newsPosts(pageSize: 5) {
      items {
        id
        kind
        title
        publishedAt
      }
    }
  }
`);

export function preload(client: ApolloClient): Promise<null> {
  return preloadAll(
    client.query({ query: HelpMenuQuery }),
    client.query({ query: HelpCentreMoreQuery, errorPolicy: 'all' }),
  );
}

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalM,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  link: {
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, textDecorationLine: 'underline' },
  },
  news: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  date: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  more: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
  contact: { margin: 0, color: tokens.colorNeutralForeground2 },
  spaced: { marginBottom: tokens.spacingVerticalM },
  // Panels in a row share its height; their lines stay at the top.
  card: { alignContent: 'start' },
  wide: { alignContent: 'start', gridColumn: 'span 2', '@media (max-width: 600px)': { gridColumn: 'auto' } },
});

/** /help (帮助中心): every help category with its articles, payment and delivery help, the latest news, privacy. */
export default function HelpCentrePage() {
  const styles = useStyles();
  const { data, loading, error } = useQuery(HelpMenuQuery);
  const news = useQuery(HelpCentreMoreQuery, { errorPolicy: 'all' });
  const hotline = news.data?.site?.hotline;
  const categories = data?.helpCategories ?? [];
  const posts = news.data?.newsPosts.items ?? [];

  return (
    <>
      <PageHead title="帮助中心" intro="注册、下单、支付、配送和售后，采购中的常见问题都在这里" panel />
      {categories.length === 0 ? (
        <div className={styles.spaced}>
          <EmptyState title={loading ? '帮助文章加载中' : error ? '帮助文章暂时无法加载' : '暂无帮助文章'}>
            如需帮助，请拨打客服热线或联系您的专属客服
          </EmptyState>
        </div>
      ) : (
        <div className={styles.grid}>
          {categories.map((category) => (
            <Panel key={category.id} title={category.name} className={styles.card} last>
              {category.articles.length === 0 ? (
                <p className={styles.contact}>该分类暂无文章</p>
              ) : (
                <HelpArticleLinks articles={category.articles} className={styles.list} linkClassName={styles.link} />
              )}
            </Panel>
          ))}
        </div>
      )}
      <div className={styles.grid}>
        <Panel title="新闻中心" className={styles.wide} last>
          {posts.length === 0 ? (
            <p className={styles.contact}>
              {news.loading ? '资讯加载中' : news.error ? '资讯暂时无法加载' : '暂无资讯'}
            </p>
          ) : (
            <ul className={styles.list}>
              {posts.map((post) => (
                <li key={post.id} className={styles.news}>
                  <Link className={styles.link} to={newsInfoPath(post.id, post.kind)}>
                    {post.title}
                  </Link>
                  <span className={styles.date}>{formatDateTime(post.publishedAt)}</span>
                </li>
              ))}
            </ul>
          )}
          <span>
            <Link className={styles.more} to={newsListPath('INDUSTRY')}>
              行业资讯
            </Link>
            {' · '}
            <Link className={styles.more} to={newsListPath('COMPANY')}>
              公司动态
            </Link>
          </span>
        </Panel>
        <Panel title="更多服务" className={styles.card} last>
          <ul className={styles.list}>
            {PAY_HELP_SECTIONS.map((section) => (
              <li key={section.path}>
                <Link className={styles.link} to={section.path}>
                  {section.label}说明
                </Link>
              </li>
            ))}
            <li>
              <Link className={styles.link} to="/privacy">
                隐私政策
              </Link>
            </li>
          </ul>
          {hotline ? <p className={styles.contact}>客服热线 {hotline}（工作日 8:30–18:00）</p> : null}
        </Panel>
      </div>
    </>
  );
}
