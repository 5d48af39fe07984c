/**
 * The upstream's 422 field messages on the form's own fields (ERR-03, ADR 0314): the gateway answers BAD_USER_INPUT
 * with `fields: { name: [messages] }` (error-policy.ts), and the form puts each field's first message under that
 * field with react-hook-form's setError, where its own rules' messages show.
 */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { FieldError, FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors, type InlineInputErrorsContext } from '../error-policy';

/** A form's mutation context: its field errors are shown beside the fields, not in a dialog as well. */
export const INLINE_INPUT_ERRORS: InlineInputErrorsContext = { inlineInputErrors: true };

/** The error type of a message the upstream gave, so a test or a field can tell it from the screen's own. */
export const SERVER_ERROR = 'server';

/**
 * Puts a refused mutation's field messages on `fields` (the upstream's field name is the form's unless `rename`
 * says otherwise); a message for a field the form does not show, or a refusal naming no field, goes on `fallback`
 * when given. Answers whether the failure was the form's to show (false: the error link has already reported it).
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  options: { rename?: Readonly<Record<string, FieldPath<T>>>; fallback?: FieldPath<T> } = {},
): boolean {
  if (!CombinedGraphQLErrors.is(error)) return false;
  const found = serverFieldErrors(error.errors);
  if (!found) return false;
  const placed = new Set<FieldPath<T>>();
  for (const [name, message] of Object.entries(found)) {
    const field = options.rename?.[name] ?? fields.find((known) => known === name) ?? options.fallback;
    // A field shows one message: the first the upstream gave for it.
    if (field === undefined || placed.has(field)) continue;
    setError(field, { type: SERVER_ERROR, message }, { shouldFocus: placed.size === 0 });
    placed.add(field);
  }
  // A refusal naming no field (a wrong password) is still the form's: its message goes on the fallback.
  const input = error.errors.find((item) => item.extensions?.['code'] === 'BAD_USER_INPUT');
  if (placed.size === 0 && options.fallback !== undefined && input) {
    setError(options.fallback, { type: SERVER_ERROR, message: input.message }, { shouldFocus: true });
  }
  return true;
}

/**
 * Shows `messages` (the upstream's, or a check that answers for several fields at once) on their fields and clears
 * the rest of `fields`.
 */
export function showMessages<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'clearErrors'>,
  fields: readonly FieldPath<T>[],
  messages: Readonly<Partial<Record<string, string>>>,
): void {
  for (const field of fields) {
    const message = messages[field];
    if (message) form.setError(field, { type: SERVER_ERROR, message });
    else form.clearErrors(field);
  }
}

/** Messages kept outside the form (a flow's state) as react-hook-form's errors, for useRulesForm's `errors`. */
export function asFieldErrors<K extends string>(messages: Partial<Record<K, string>>): Partial<Record<K, FieldError>> {
  const errors: Partial<Record<K, FieldError>> = {};
  for (const key of Object.keys(messages) as K[]) {
    const message = messages[key];
    if (message) errors[key] = { type: SERVER_ERROR, message };
  }
  return errors;
}

/**
 * A payload's refusals (`userErrors`, named by the input's fields) as the upstream's 422 are shown: each naming one
 * of `fields` goes on that field (the first placed takes the focus); the others are answered for the form to show
 * apart (a message bar under it).
 */
export function setUserErrors<T extends FieldValues, E extends { field?: string | null; message: string }>(
  errors: readonly E[],
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): E[] {
  let placed = false;
  return errors.filter((error) => {
    const field = fields.find((known) => known === error.field);
    if (field === undefined) return true;
    setError(field, { type: SERVER_ERROR, message: error.message }, { shouldFocus: !placed });
    placed = true;
    return false;
  });
}
