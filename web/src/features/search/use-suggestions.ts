import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Subject } from 'rxjs';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import type { SearchBy } from '../../gql/graphql';
import { SuggestionCache } from './suggestion-cache';
import { isCurrentAnswer, suggestionKeywords, type SearchInputEvent } from './suggestion-policy';

export const SearchSuggestionsQuery = graphql(`
  query SearchSuggestions($keyword: String!, $by: SearchBy) {
    searchSuggestions(keyword: $keyword, by: $by) {
      text
    }
  }
`);

export type SuggestionState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; suggestions: string[] };

/**
 * Connects the search box's keystrokes to the suggestion policy and the query. Apollo answers only for the
 * variables it was last given and the policy switches to the newest keyword, so an older, slower answer is
 * never shown.
 */
export interface Suggestions {
  state: SuggestionState;
  input(text: string): void;
  compositionStart(): void;
  compositionEnd(text: string): void;
  /** The buyer searched: drop any pending request. */
  submitted(): void;
}

/**
 * `typedBeforeMount`: the form arrived while the buyer was typing into the stand-in (SearchBox), so what is typed
 * already is asked for at once, as if typed here.
 */
export function useSuggestions(by: SearchBy, typedText: string, typedBeforeMount = false): Suggestions {
  const events = useMemo(() => new Subject<SearchInputEvent>(), []);
  const [typedEarlier] = useState(() => (typedBeforeMount && typedText.trim() !== '' ? typedText : null));
  const [keyword, setKeyword] = useState<string | null>(null);
  const client = useApolloClient();
  const cache = useMemo(() => new SuggestionCache(client.cache), [client]);
  const byRef = useRef(by);
  useEffect(() => {
    byRef.current = by;
  }, [by]);

  useEffect(() => {
    const subscription = suggestionKeywords(events).subscribe((next) => {
      // SEARCH-10: a list older than 5000 ms is asked for again rather than shown from the cache.
      if (next !== null) cache.prepare(next, byRef.current);
      setKeyword(next);
    });
    if (typedEarlier !== null) events.next({ type: 'input', text: typedEarlier });
    return () => subscription.unsubscribe();
  }, [events, cache, typedEarlier]);

  const { data, loading, variables } = useQuery(SearchSuggestionsQuery, {
    variables: { keyword: keyword ?? '', by },
    skip: keyword === null,
    fetchPolicy: 'cache-first',
    // ERR-10: suggestions that fail are simply not offered.
    context: SECONDARY,
  });

  let state: SuggestionState = { status: 'idle' };
  const typed = typedText.trim();
  if (typed !== '') {
    const answered = data && !loading && variables?.keyword !== undefined && isCurrentAnswer(variables.keyword, typed);
    state = answered
      ? { status: 'done', suggestions: data.searchSuggestions.map((item) => item.text) }
      : { status: 'searching' };
  }

  return {
    state,
    input(text: string) {
      events.next({ type: 'input', text });
    },
    compositionStart() {
      events.next({ type: 'compositionstart' });
    },
    compositionEnd(text: string) {
      events.next({ type: 'compositionend', text });
    },
    submitted() {
      events.next({ type: 'submit' });
    },
  };
}
