import type { SearchBy } from '../../gql/graphql';

/** The two ways to search (SEARCH-01): by medicine name or by manufacturer. */
export const SEARCH_MODES = [
  ['NAME', '药品名'],
  ['MANUFACTURER', '厂家'],
] as const satisfies readonly (readonly [SearchBy, string])[];

export function searchPath(keyword: string, by: SearchBy): string {
  return `/search?${new URLSearchParams({ keyword: keyword.trim(), by }).toString()}`;
}

/**
 * SEARCH-14: the search page reads `keyword`; an address written with `keywords` (the old client's name for it, still
 * in links and stores seeded before) is the same search. Answers the query to lead to, the word moved to `keyword`,
 * or null when the address already reads as it should.
 */
export function canonicalSearchQuery(params: URLSearchParams): string | null {
  const old = params.get('keywords');
  if (old === null) return null;
  const next = new URLSearchParams(params);
  next.delete('keywords');
  if (!next.has('keyword')) next.set('keyword', old);
  return next.toString();
}

export function searchPlaceholder(by: SearchBy): string {
  return by === 'NAME' ? '药品名称 / 拼音首字母' : '生产厂家 / 拼音首字母';
}
