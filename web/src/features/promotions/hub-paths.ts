/** The hub's list, of one section when given (/yyh/list?section=12), PROMO-04. */
export function hubListPath(sectionId?: string): string {
  return sectionId ? `/yyh/list?section=${encodeURIComponent(sectionId)}` : '/yyh/list';
}

/** The section the list's address names; a missing or malformed one lists every section's goods. */
export function hubSectionParam(params: URLSearchParams): string | null {
  const value = params.get('section')?.trim() ?? '';
  return /^[1-9]\d{0,8}$/.test(value) ? value : null;
}
