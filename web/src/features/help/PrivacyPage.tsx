import { useQuery } from '@apollo/client/react';
import { MissingState } from '../../components/MissingState';
import { SectionHeading } from '../../components/SectionHeading';
import { ArticleView } from './ArticleView';
import { PageArticleQuery } from './page-article';

/** /privacy (隐私政策, INFO-06): what the marketplace stores and why, from the stored policy. */
export default function PrivacyPage() {
  const { data, loading, error } = useQuery(PageArticleQuery, { variables: { page: 'PRIVACY' } });
  const article = data?.pageArticle;
  return article ? (
    <ArticleView article={article} />
  ) : (
    <>
      <SectionHeading>隐私政策</SectionHeading>
      <MissingState
        what="隐私政策"
        loading={loading}
        failed={Boolean(error)}
        missingTitle="隐私政策暂未发布，如有疑问请联系客服"
        link={{ to: '/help', label: '返回帮助中心' }}
      />
    </>
  );
}
