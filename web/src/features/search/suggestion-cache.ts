import type { ApolloCache } from '@apollo/client';
import type { SearchBy } from '../../gql/graphql';

/** SEARCH-10: a cached suggestion list older than this is asked for again when the box loads it. */
export const SUGGESTION_MAX_AGE_MS = 5000;

/**
 * SEARCH-10: remembers when each keyword's suggestions were last asked for, and drops a cached list older than
 * 5000 ms from Apollo's cache just before the box loads it, so the `cache-first` query goes to the network for
 * it; a younger list is shown from the cache without a request.
 */
export class SuggestionCache {
  private readonly askedAt = new Map<string, number>();

  constructor(
    private readonly cache: ApolloCache,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called with the keyword the box is about to load. */
  prepare(keyword: string, by: SearchBy): void {
    const key = `${by}\u0000${keyword}`;
    const now = this.now();
    const asked = this.askedAt.get(key);
    if (asked !== undefined && now - asked <= SUGGESTION_MAX_AGE_MS) return;
    this.cache.evict({ id: 'ROOT_QUERY', fieldName: 'searchSuggestions', args: { keyword, by } });
    this.askedAt.set(key, now);
  }
}
