import { InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { SearchSuggestionsQuery } from './use-suggestions';
import { SuggestionCache } from './suggestion-cache';

function cacheWith(keyword: string) {
  const cache = new InMemoryCache();
  cache.writeQuery({
    query: SearchSuggestionsQuery,
    variables: { keyword, by: 'NAME' },
    data: { searchSuggestions: [{ __typename: 'SearchSuggestion', text: '感冒灵颗粒' }] },
  });
  return cache;
}

const cached = (cache: InMemoryCache, keyword: string) =>
  cache.readQuery({ query: SearchSuggestionsQuery, variables: { keyword, by: 'NAME' } });

describe('the cached suggestion list', () => {
  it('SEARCH-10: is shown from the cache while at most 5000 ms old, and asked for again once older', () => {
    let now = 100_000;
    const cache = cacheWith('感冒');
    const lists = new SuggestionCache(cache, () => now);
    lists.prepare('感冒', 'NAME');
    // First load: nothing was asked for in this box yet, so a list already in the cache is not trusted.
    expect(cached(cache, '感冒')).toBeNull();

    cache.writeQuery({
      query: SearchSuggestionsQuery,
      variables: { keyword: '感冒', by: 'NAME' },
      data: { searchSuggestions: [{ __typename: 'SearchSuggestion', text: '感冒灵颗粒' }] },
    });
    now += 5000;
    lists.prepare('感冒', 'NAME');
    expect(cached(cache, '感冒')?.searchSuggestions).toEqual([{ __typename: 'SearchSuggestion', text: '感冒灵颗粒' }]);

    now += 1;
    lists.prepare('感冒', 'NAME');
    expect(cached(cache, '感冒')).toBeNull();
  });

  it('SEARCH-10: keeps each keyword and mode apart', () => {
    let now = 0;
    const cache = cacheWith('gm');
    const lists = new SuggestionCache(cache, () => now);
    lists.prepare('gm', 'NAME');
    cache.writeQuery({
      query: SearchSuggestionsQuery,
      variables: { keyword: 'gm', by: 'NAME' },
      data: { searchSuggestions: [] },
    });
    now = 1000;
    lists.prepare('gm', 'MANUFACTURER');
    expect(cached(cache, 'gm')).not.toBeNull();
  });
});
