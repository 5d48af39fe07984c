/**
 * The help and information pages, fetched as one chunk: they are small and read together, and one lazy import keeps
 * the first bundle's route table short (bundle budget, ADR 0302). A page that loads its first answers in the route
 * loader brings its `preload` along, named after the page.
 */
export { default as HelpCentrePage, preload as preloadHelpCentrePage } from '../../features/help/HelpCentrePage';
export { default as HelpArticlePage } from '../../features/help/HelpArticlePage';
export { default as PayHelpPage } from '../../features/help/PayHelpPage';
export { default as PrivacyPage } from '../../features/help/PrivacyPage';
export { default as NewsListPage, preload as preloadNewsListPage } from '../../features/news/NewsListPage';
export { default as NewsDetailPage } from '../../features/news/NewsDetailPage';
