import type { Schemas } from '../../rest/client';

export type ReorderSuggestionsMapper = Schemas['ReorderList'];
export type ReorderSuggestionMapper = Schemas['ReorderItem'];
