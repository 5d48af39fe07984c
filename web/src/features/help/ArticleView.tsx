import { makeStyles, tokens } from '@fluentui/react-components';
import { MissingState } from '../../components/MissingState';
import { Panel } from '../../components/Panel';
import { RichText } from '../../components/RichText';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { ArticleView_ArticleFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';

export const ArticleViewFragment = graphql(`
  fragment ArticleView_article on Article {
    id
    title
    html
    categoryName
    updatedAt
  }
`);

const useStyles = makeStyles({
  heading: { marginBottom: tokens.spacingVerticalXS },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/** One article as a page: its title (the page's h1), category and date, and its sanitised text (INFO-02). */
export function ArticleView({ article }: { article: ArticleView_ArticleFragment }) {
  const styles = useStyles();
  return (
    <Panel label={article.title} last>
      <div>
        <SectionHeading className={styles.heading}>{article.title}</SectionHeading>
        <p className={styles.meta}>
          {article.categoryName} · 更新于 {formatDateTime(article.updatedAt)}
        </p>
      </div>
      {article.html === '' ? (
        <p className={styles.empty}>这篇文章暂时没有内容，如有疑问请联系客服。</p>
      ) : (
        <RichText html={article.html} />
      )}
    </Panel>
  );
}

/**
 * An information page's article once read; until then, or when it cannot be read or is not published, the page's
 * heading and why, with the way back to the help centre.
 */
export function ArticleOrMissing({
  article,
  heading,
  what = heading,
  query,
  missingTitle,
}: {
  article: ArticleView_ArticleFragment | null | undefined;
  heading: string;
  /** What the page holds, in the loading and failed words; the heading by default. */
  what?: string;
  /** The article's query: loading, or failed. */
  query: { loading: boolean; error?: unknown };
  missingTitle: string;
}) {
  if (article) return <ArticleView article={article} />;
  return (
    <>
      <SectionHeading>{heading}</SectionHeading>
      <MissingState
        what={what}
        loading={query.loading}
        failed={Boolean(query.error)}
        missingTitle={missingTitle}
        link={{ to: '/help', label: '返回帮助中心' }}
      />
    </>
  );
}
