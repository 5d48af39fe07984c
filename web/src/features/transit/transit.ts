/**
 * Where the transit page (/loading) sends the buyer (ROUTE-01, ROUTE-02). Pure, so the table is tested without a
 * browser.
 */

/** The site's own first path parts an old activity link may name (/activity/yjh/12 → /yjh/12). */
const ACTIVITY_PLACES = new Set([
  'yjh',
  'Hdzx',
  'draw',
  'kxzq',
  'ptzq',
  'mrtj',
  'lqzx',
  'zhzq',
  'zhmz',
  'ppzq',
  'yx',
  'zyyp',
  'qxzq',
  'jxqzc',
  'hb',
  'welfare',
  'yyh',
  'zqmb',
  'hdmb',
  'jfsc',
]);

/** An old activity link's parts as /activity/{url}/{url1}/{url2} carried them to /loading/activity. */
export interface ActivityParts {
  url?: string | null;
  url1?: string | null;
  url2?: string | null;
}

export type TransitTarget =
  /** Go to this in-site address. */
  | { kind: 'go'; to: string }
  /** An activity by its number: go to its zone if it exists and has not ended, to /noActivity otherwise. */
  | { kind: 'activity'; id: string }
  | { kind: 'none' };

const part = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  // One path segment, of the characters the site's addresses use: nothing that could leave the site.
  return /^[\w,-]{1,64}$/.test(trimmed) ? trimmed : null;
};

/** ROUTE-02: an old activity link's target: a number names an activity; a known place keeps its remaining parts. */
export function activityTarget(parts: ActivityParts): TransitTarget {
  const [first, ...rest] = [parts.url, parts.url1, parts.url2].map(part);
  if (!first) return { kind: 'none' };
  if (/^\d{1,9}$/.test(first)) return { kind: 'activity', id: first };
  if (first === 'yjh' && rest[0] && /^\d{1,9}$/.test(rest[0])) return { kind: 'activity', id: rest[0] };
  if (!ACTIVITY_PLACES.has(first)) return { kind: 'none' };
  const tail = rest.filter((p): p is string => p !== null);
  return { kind: 'go', to: `/${[first, ...tail].join('/')}` };
}

/**
 * ROUTE-01: /loading/{path}?{query} leads to /{path}?{query}; /loading alone to the home page. The path stays on
 * this site: it is made of path segments only, so no address of another site can be formed from it.
 */
export function transitTarget(splat: string, search: URLSearchParams): TransitTarget {
  if (splat === 'activity') {
    return activityTarget({ url: search.get('url'), url1: search.get('url1'), url2: search.get('url2') });
  }
  const segments = splat.split('/').filter((s) => s !== '');
  if (segments.some((s) => part(s) === null)) return { kind: 'none' };
  const query = search.toString();
  return { kind: 'go', to: `/${segments.join('/')}${query ? `?${query}` : ''}` };
}

/** ROUTE-02: /activity/{url?}/{url1?}/{url2?} → /loading/activity with the parts (and any query) kept. */
export function activityRedirect(params: ActivityParts, search: string): string {
  const query = new URLSearchParams(search);
  for (const key of ['url', 'url1', 'url2'] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return `/loading/activity${text ? `?${text}` : ''}`;
}
