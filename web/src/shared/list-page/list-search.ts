/**
 * SHELL-25: a list page keeps what the buyer chose (a tab, a filter, the page) in the address's search params, so a
 * reload, the back button or a shared link shows the same list. Each page reads its params forgivingly (an unknown
 * or hand-edited value reads as "not chosen") and writes only what differs from the default, so the plain address
 * is the default list; any change but paging returns to page 1, since the old page means nothing in another list.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { pageParam } from '../page-param';

/** What every list's address holds: the page, from 1. */
export interface PageFilter {
  page: number;
}

/** The filter after a change: back to page 1 unless the change is the page itself (SHELL-25). */
export function changeFilter<F extends PageFilter>(filter: F, change: Partial<F>): F {
  return { ...filter, ...change, page: change.page ?? 1 };
}

/** The page of an address that holds nothing else (`?page=2`). */
export function readPage(params: URLSearchParams): PageFilter {
  return { page: pageParam(params.get('page')) };
}

/** The search of a page; the first page is the plain address. */
export function pageSearch({ page }: PageFilter): string {
  return page > 1 ? `page=${page}` : '';
}

/** The search of a list that holds only its page, for `useListSearch`'s pair. */
export const pageOnly = { read: readPage, write: pageSearch };

/** A list's query variables from its address, for the page and its route loader alike (`?page=2`). */
export function pageVariables(params: URLSearchParams, pageSize: number) {
  return { page: pageParam(params.get('page')), pageSize };
}

/**
 * A tab kept under `key` (`?status=shipped&page=2`): one of `values`, the first being the default and left out of
 * the address.
 */
export function tabParams<V extends string>(key: string, values: readonly [V, ...V[]]) {
  return {
    values,
    read(params: URLSearchParams): PageFilter & { tab: V } {
      const tab = values.find((v) => v === params.get(key)) ?? values[0];
      return { tab, page: pageParam(params.get('page')) };
    },
    write({ tab, page }: PageFilter & { tab: V }): string {
      const search = new URLSearchParams();
      if (tab !== values[0]) search.set(key, tab);
      if (page > 1) search.set('page', String(page));
      return search.toString();
    },
  };
}

/**
 * The filter a list page's address holds and a way to change it: `go({ tab })` leads to the same page with the new
 * filter at page 1, `go({ page })` to another page of the same list. Each change is a history entry (SHELL-25).
 */
export function useListSearch<F extends PageFilter>(
  read: (params: URLSearchParams) => F,
  write: (filter: F) => string,
): { filter: F; go: (change: Partial<F>) => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = read(params);
  return { filter, go: (change) => void navigate({ search: write(changeFilter(filter, change)) }) };
}
