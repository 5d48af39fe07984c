import { makeStyles, tokens } from '@fluentui/react-components';
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
