import { graphql } from '../../gql';

/** The article a fixed page shows (payment help, the privacy policy; INFO-04). */
export const PageArticleQuery = graphql(`
  query PageArticle($page: ArticlePage!) {
    pageArticle(page: $page) {
      id
      ...ArticleView_article
    }
  }
`);
