/**
 * The help and information pages, fetched as one chunk: they are small and read together, and one lazy import keeps
 * the first bundle's route table short (bundle budget, ADR 0302).
 */
export { default as HelpCentrePage } from '../../features/help/HelpCentrePage';
export { default as HelpArticlePage } from '../../features/help/HelpArticlePage';
export { default as PayHelpPage } from '../../features/help/PayHelpPage';
export { default as PrivacyPage } from '../../features/help/PrivacyPage';
export { default as NewsListPage } from '../../features/news/NewsListPage';
export { default as NewsDetailPage } from '../../features/news/NewsDetailPage';
