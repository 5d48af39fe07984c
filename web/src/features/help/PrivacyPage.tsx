import { useQuery } from '@apollo/client/react';
import { ArticleOrMissing } from './ArticleView';
import { PageArticleQuery } from './page-article';

/** /privacy (隐私政策, INFO-06): what the marketplace stores and why, from the stored policy. */
export default function PrivacyPage() {
  const query = useQuery(PageArticleQuery, { variables: { page: 'PRIVACY' } });
  return (
    <ArticleOrMissing
      article={query.data?.pageArticle}
      heading="隐私政策"
      query={query}
      missingTitle="隐私政策暂未发布，如有疑问请联系客服"
    />
  );
}
