import type { UpstreamSession } from '../../rest/client';

/** SCOPE-05: the classes the buyer's company may buy (GET /api/user/scope_classes); null for a visitor. */
export async function fetchScopeClasses(upstream: UpstreamSession): Promise<ReadonlySet<string> | null> {
  const { data } = await upstream.get('/api/user/scope_classes');
  return data.classes === null ? null : new Set(data.classes);
}
