/** How a goods list is laid out; each layout is its own address (CATALOG-02: list_index, list_table, list_no_image). */
export type ListView = 'grid' | 'table' | 'no_image';

export const LIST_VIEW_LABELS: Record<ListView, string> = { grid: '大图', table: '列表', no_image: '无图' };

/** The layout an address shows: /list/table and /search/table are tables, /list/no_image has no pictures. */
export function listViewOf(pathname: string): ListView {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  if (last === 'table') return 'table';
  if (last === 'no_image') return 'no_image';
  return 'grid';
}

/** The same list in another layout: sort, filters and keyword stay; the page number too, as the list is the same. */
export function listViewPath(base: string, view: ListView, search: string): string {
  const path = view === 'grid' ? base : `${base}/${view}`;
  return `${path}${search}`;
}
