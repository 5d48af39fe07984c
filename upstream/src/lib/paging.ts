import { wholeNumber } from './http';

export const pageField = () => wholeNumber('页码必须是大于0的整数', 1).default(1);
export const pageSizeField = (max: number, fallback: number) =>
  wholeNumber(`每页数量必须在1到${max}之间`, 1, max).default(fallback);

/** The paging answer of docs/rest-api.md. */
export function page<T>(rows: T[], total: number, current: number, perPage: number) {
  return {
    current_page: current,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    data: rows,
  };
}
