import { badUserInput } from './errors';

/** Refuses a page number below 1 or a page size outside 1..max before any upstream call. */
export function checkPaging(page: number, pageSize: number, max: number): void {
  if (page < 1) throw badUserInput({ page: ['页码必须大于0'] });
  if (pageSize < 1 || pageSize > max) throw badUserInput({ pageSize: [`每页数量必须在1到${max}之间`] });
}
