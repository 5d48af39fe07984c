import type { SearchBy } from '../../gql/graphql';

/** The two ways to search (SEARCH-01): by medicine name or by manufacturer. */
export const SEARCH_MODES = [
  ['NAME', '药品名'],
  ['MANUFACTURER', '厂家'],
] as const satisfies readonly (readonly [SearchBy, string])[];

export function searchPath(keyword: string, by: SearchBy): string {
  return `/search?${new URLSearchParams({ keyword: keyword.trim(), by }).toString()}`;
}

export function searchPlaceholder(by: SearchBy): string {
  return by === 'NAME' ? '药品名称 / 拼音首字母' : '生产厂家 / 拼音首字母';
}
