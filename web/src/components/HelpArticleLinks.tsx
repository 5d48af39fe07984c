import { Link } from 'react-router';
import { graphql } from '../gql';
import type { HelpArticleLinks_ArticleFragment } from '../gql/graphql';
import { helpArticlePath } from '../shared/info-paths';

export const HelpArticleLinksFragment = graphql(`
  fragment HelpArticleLinks_article on HelpArticle {
    id
    title
  }
`);

/** A help category's articles, each a link to its page; the footer and the help centre style it their own way. */
export function HelpArticleLinks({
  articles,
  className,
  linkClassName,
}: {
  articles: readonly HelpArticleLinks_ArticleFragment[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {articles.map((article) => (
        <li key={article.id}>
          <Link className={linkClassName} to={helpArticlePath(article.id)}>
            {article.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
