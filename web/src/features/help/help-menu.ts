import { graphql } from '../../gql';
import type { HelpMenuQuery as HelpMenuData } from '../../gql/graphql';
import { helpArticlePath } from '../../shared/info-paths';
import type { SideMenuGroup } from '../../shared/SideMenu';

/** The footer's help categories (the shell asked for the same field, so this usually reads the cache). */
export const HelpMenuQuery = graphql(`
  query HelpMenu {
    helpCategories {
      id
      name
      articles {
        id
        title
        ...HelpArticleLinks_article
      }
    }
  }
`);

/** Links to the other information pages, after the help categories. */
export const MORE_INFO_LINKS = [
  { to: '/help', label: '帮助中心' },
  { to: '/help_pay', label: '支付配送' },
  { to: '/news', label: '新闻中心' },
  { to: '/privacy', label: '隐私政策' },
] as const;

/**
 * The help side menu: each category with its articles, the one shown marked current, then the other information
 * pages. `currentPath` marks one of those instead.
 */
export function helpMenuGroups(
  categories: HelpMenuData['helpCategories'] | undefined,
  current: { articleId?: string; path?: string },
): SideMenuGroup[] {
  return [
    ...(categories ?? []).map((category) => ({
      id: category.id,
      title: category.name,
      links: category.articles.map((article) => ({
        to: helpArticlePath(article.id),
        label: article.title,
        current: article.id === current.articleId,
      })),
    })),
    {
      id: 'more',
      title: '更多',
      links: MORE_INFO_LINKS.map((link) => ({
        to: link.to,
        label: link.label,
        current: link.to === current.path,
      })),
    },
  ];
}
