import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { graphql } from '../../gql';
import { usePageTitle } from '../../shared/page-title';
import { ArticleOrMissing } from './ArticleView';
import { helpMenuGroups, HelpMenuQuery } from './help-menu';
import { SideMenu } from '../../shared/SideMenu';

export const HelpArticleQuery = graphql(`
  query HelpArticle($id: ID!) {
    helpArticle(id: $id) {
      id
      ...ArticleView_article
    }
  }
`);

/**
 * /help/{category}/{sub}?id={id} (the footer's links): the article with that id, whatever the two path parts say
 * (INFO-01), beside the menu of every help category. Without an id the buyer is taken to the help centre.
 */
export default function HelpArticlePage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const menu = useQuery(HelpMenuQuery);
  const query = useQuery(HelpArticleQuery, { variables: { id }, skip: id === '' });
  const article = query.data?.helpArticle;
  usePageTitle(article?.title ?? '帮助中心');

  if (id === '') return <Navigate to="/help" replace />;
  return (
    <SideMenu wide label="帮助中心菜单" groups={helpMenuGroups(menu.data?.helpCategories, { articleId: id })}>
      <ArticleOrMissing
        article={article}
        heading="帮助中心"
        what="帮助文章"
        query={query}
        missingTitle="这篇帮助文章不存在或已下线"
      />
    </SideMenu>
  );
}
