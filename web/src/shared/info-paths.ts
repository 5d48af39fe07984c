/**
 * Addresses of the help and information pages, shared by the footer, the help centre and the news pages
 * (INFO in docs/product.md).
 */

/** INFO-01: a help article, in the footer's shape; any /help/{a}/{b}?id= shows the article by id. */
export function helpArticlePath(id: string): string {
  return `/help/xrzn/hyzc?${new URLSearchParams({ id }).toString()}`;
}

/** INFO-05: the news centre's tabs carry the REST API's type numbers in the address: 1 industry, 2 company news. */
export type NewsTab = 'INDUSTRY' | 'COMPANY';

const TAB_TYPES: Record<NewsTab, '1' | '2'> = { INDUSTRY: '1', COMPANY: '2' };

export const newsTypeOf = (tab: NewsTab): '1' | '2' => TAB_TYPES[tab];

/** The tab an address's type names; anything but 2 (company news) is the first tab, industry news. */
export function newsTabOf(type: string | null | undefined): NewsTab {
  return type?.trim() === '2' ? 'COMPANY' : 'INDUSTRY';
}

/** The news list of a tab at a page; the first page and the first tab leave their parameter out. */
export function newsListPath(tab: NewsTab, page = 1): string {
  const params = new URLSearchParams();
  if (tab !== 'INDUSTRY') params.set('type', newsTypeOf(tab));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '/news' : `/news?${query}`;
}

/** One post: /news/info/{id}/{type}. */
export function newsInfoPath(id: string, tab: NewsTab): string {
  return `/news/info/${encodeURIComponent(id)}/${newsTypeOf(tab)}`;
}
