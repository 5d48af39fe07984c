import { type RouteObject } from 'react-router';
import { Navigate } from '../../shared/navigate';
import type * as InfoPages from './info-pages';
import { type ClientOf, dataPage, handle, lazyPage } from './route-kit';

type PageName = Exclude<keyof typeof InfoPages, `preload${string}`>;
type PreloadName = Extract<keyof typeof InfoPages, `preload${string}`>;

/**
 * Each address, its page, its title and its route loader's work if it has any; a page without a title names the
 * document after what it shows.
 */
const PAGES: readonly (readonly [string, PageName, string?, PreloadName?])[] = [
  ['help', 'HelpCentrePage', '帮助中心', 'preloadHelpCentrePage'],
  // INFO-01: the footer's /help/xrzn/hyzc?id= — whatever the two parts say, the id names the article.
  ['help/:category/:sub', 'HelpArticlePage'],
  // INFO-03: /help_pay shows the first of its three subpages.
  ['help_pay', 'PayHelpPage'],
  ['help_zfps_ddzf', 'PayHelpPage'],
  ['help_zfps_hwps', 'PayHelpPage'],
  ['help_zfps_ypth', 'PayHelpPage'],
  ['news', 'NewsListPage', '新闻中心', 'preloadNewsListPage'],
  ['news/info/:id/:type', 'NewsDetailPage'],
  ['news/info/:id', 'NewsDetailPage'],
  ['privacy', 'PrivacyPage', '隐私政策'],
];

/** INFO-03: the slash aliases of payment help lead to the underscore addresses. */
const ALIASES = ['pay', 'zfps/ddzf', 'zfps/hwps', 'zfps/ypth'];

/** Help and information (INFO in docs/product.md): the help centre, payment help, news and the privacy policy. */
export function infoRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    ...PAGES.map(([path, page, title, preload]) => {
      const routeHandle = handle(title ? { title } : { titleFromPage: true });
      const pages = () => import('./info-pages');
      return preload
        ? dataPage(clientOf, path, routeHandle, async () => {
            const loaded = await pages();
            return { default: loaded[page], preload: loaded[preload] };
          })
        : lazyPage(path, routeHandle, async () => ({ default: (await pages())[page] }));
    }),
    ...ALIASES.map((alias) => ({
      path: `help/${alias}`,
      element: <Navigate to={`/help_${alias.replace('/', '_')}`} replace />,
    })),
  ];
}
