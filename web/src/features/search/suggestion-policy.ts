import { distinctUntilChanged, EMPTY, map, type Observable, of, scan, switchMap, timer } from 'rxjs';

/**
 * When the search box asks for suggestions (SEARCH-03, SEARCH-04, SEARCH-11; algolia/autocomplete issue 1238):
 * - only for non-empty text, after a 500 ms pause in typing;
 * - never while an input method is composing (拼音 keystrokes are not the buyer's text yet), but as soon as the
 *   composition ends;
 * - empty text clears at once;
 * - each new keystroke cancels the pending request, so the newest keyword wins;
 * - searching (Enter, the button, a picked suggestion) cancels it too: the buyer has left for the results.
 * The output is the keyword to query, or null to clear the list.
 */
export type SearchInputEvent =
  | { type: 'input'; text: string }
  | { type: 'compositionstart' }
  | { type: 'compositionend'; text: string }
  /** The buyer searched: a pending request is dropped, and the next keystroke starts again. */
  | { type: 'submit' };

export const SUGGESTION_DELAY_MS = 500;

interface InputState {
  text: string;
  composing: boolean;
  submitted: boolean;
}

function next(state: InputState, event: SearchInputEvent): InputState {
  switch (event.type) {
    case 'input':
      return { ...state, text: event.text, submitted: false };
    case 'compositionstart':
      return { ...state, composing: true, submitted: false };
    case 'compositionend':
      return { text: event.text, composing: false, submitted: false };
    case 'submit':
      return { ...state, submitted: true };
  }
}

export function suggestionKeywords(
  events: Observable<SearchInputEvent>,
  delayMs: number = SUGGESTION_DELAY_MS,
): Observable<string | null> {
  return events.pipe(
    scan(next, { text: '', composing: false, submitted: false }),
    switchMap((state): Observable<string | null> => {
      if (state.composing || state.submitted) return EMPTY;
      const keyword = state.text.trim();
      if (keyword === '') return of(null);
      return timer(delayMs).pipe(map(() => keyword));
    }),
    distinctUntilChanged(),
  );
}

/** An answer is shown only if it belongs to the keyword asked last; a slow, older answer is dropped. */
export function isCurrentAnswer(answerKeyword: string, latestKeyword: string | null): boolean {
  return latestKeyword !== null && answerKeyword === latestKeyword;
}
