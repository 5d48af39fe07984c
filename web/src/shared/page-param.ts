/**
 * The page number a list keeps in its address (`?page=3`). Anything that is not a whole number of at least 1 —
 * a missing, hand-edited or hostile value — reads as the first page, so a bad link never breaks the list.
 */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** How many pages a list of `total` items has: at least one, and a partial last page counts as a page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
