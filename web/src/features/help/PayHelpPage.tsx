import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/page-title';
import { ArticleOrMissing } from './ArticleView';
import { SideMenu } from '../../shared/SideMenu';
import { PageArticleQuery } from './page-article';
import { PAY_HELP_SECTIONS, paySectionOf } from './pay-help';

/**
 * /help_pay and its subpages /help_zfps_ddzf, /help_zfps_hwps, /help_zfps_ypth (支付配送, INFO-03): the article of
 * the subpage beside a menu of the three; /help_pay shows the first.
 */
export default function PayHelpPage() {
  const { pathname } = useLocation();
  const section = paySectionOf(pathname);
  const query = useQuery(PageArticleQuery, { variables: { page: section.page } });
  usePageTitle(`${section.label}-支付配送`);
  const groups = [
    {
      id: 'pay',
      title: '支付配送',
      links: PAY_HELP_SECTIONS.map((s) => ({ to: s.path, label: s.label, current: s === section })),
    },
    {
      id: 'more',
      title: '更多',
      links: [
        { to: '/help', label: '帮助中心', current: false },
        { to: '/privacy', label: '隐私政策', current: false },
      ],
    },
  ];
  const article = query.data?.pageArticle;
  return (
    <SideMenu label="支付配送菜单" groups={groups} wide>
      <ArticleOrMissing
        article={article}
        heading={section.label}
        query={query}
        missingTitle={`${section.label}说明暂未发布，如有疑问请联系客服`}
      />
    </SideMenu>
  );
}
