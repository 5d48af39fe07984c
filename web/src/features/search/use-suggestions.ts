import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { Subject } from 'rxjs';
import { graphql } from '../../gql';
import type { SearchBy } from '../../gql/graphql';
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

export function useSuggestions(by: SearchBy, typedText: string): Suggestions {
  const events = useMemo(() => new Subject<SearchInputEvent>(), []);
  const [keyword, setKeyword] = useState<string | null>(null);

  useEffect(() => {
    const subscription = suggestionKeywords(events).subscribe(setKeyword);
    return () => subscription.unsubscribe();
  }, [events]);

  const { data, loading, variables } = useQuery(SearchSuggestionsQuery, {
    variables: { keyword: keyword ?? '', by },
    skip: keyword === null,
    fetchPolicy: 'cache-first',
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
