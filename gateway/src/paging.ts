import { badUserInput, unavailable } from './errors';

/** The REST API's paging answer (docs/rest-api.md): `data` holds the page's items. */
export interface PageDto<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page?: number;
  data: T[];
}

/** Refuses a page number below 1 or a page size outside 1..max before any upstream call. */
export function checkPaging(page: number, pageSize: number, max: number): void {
  if (page < 1) throw badUserInput({ page: ['页码必须大于0'] });
  if (pageSize < 1 || pageSize > max) throw badUserInput({ pageSize: [`每页数量必须在1到${max}之间`] });
}

/** A cheap shape check of a page answer; items that are not objects mean the upstream broke the contract. */
export function asPage<T>(data: unknown, isItem: (value: unknown) => value is T): PageDto<T> {
  if (typeof data !== 'object' || data === null) throw unavailable();
  const page = data as Partial<PageDto<unknown>>;
  if (!Array.isArray(page.data) || !page.data.every(isItem)) throw unavailable();
  if (typeof page.total !== 'number' || typeof page.current_page !== 'number' || typeof page.per_page !== 'number')
    throw unavailable();
  return page as PageDto<T>;
}

/** The page answer with `last_page` filled in when the upstream left it out (at least one page). */
export function withLastPage<T>(page: PageDto<T>): PageDto<T> & { last_page: number } {
  return { ...page, last_page: page.last_page ?? Math.max(1, Math.ceil(page.total / page.per_page)) };
}

/** True for a JSON object carrying every named key: enough to tell an upstream record from something else. */
export function hasKeys(value: unknown, ...keys: string[]): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && keys.every((key) => key in value);
}
