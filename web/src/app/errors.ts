import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { alertDialog, notify, toast } from '../shared/notify';
import { loginPath } from '../shared/redirect';
import {
  BUSY_TEXT,
  reactionsFor,
  TIMEOUT_TEXT,
  type ErrorReaction,
  type InlineInputErrorsContext,
} from '../shared/error-policy';
import { goTo } from './navigation';

function shownInline(error: { extensions?: Readonly<Record<string, unknown>> }, codes: readonly number[]): boolean {
  const code = error.extensions?.['upstreamCode'];
  return error.extensions?.['code'] === 'BUSINESS_ERROR' && typeof code === 'number' && codes.includes(code);
}

function perform(reaction: ErrorReaction, inlineInputErrors: boolean): void {
  switch (reaction.kind) {
    case 'login':
      if (window.location.pathname !== '/login') goTo(loginPath(window.location));
      return;
    case 'dialog':
      alertDialog(reaction.text);
      return;
    case 'toast':
      toast(reaction.text, 'error');
      return;
    case 'timeout':
      notify({ kind: 'dialog', title: '温馨提示', text: reaction.text, action: 'reload' });
      return;
    case 'input':
      if (!inlineInputErrors) toast(reaction.text, 'error');
      return;
    case 'contract':
      alertDialog(reaction.text);
      goTo(reaction.redirect);
      return;
    case 'none':
      return;
  }
}

/** The one place that turns gateway failures into what the buyer sees (ERR-02 to ERR-08). */
export const errorLink = new ErrorLink(({ error, operation }) => {
  const context = operation.getContext() as InlineInputErrorsContext;
  const inline = context.inlineInputErrors === true;
  if (CombinedGraphQLErrors.is(error)) {
    const inlineCodes = context.inlineBusinessCodes ?? [];
    const shown = error.errors.filter((item) => !shownInline(item, inlineCodes));
    for (const reaction of reactionsFor(shown)) perform(reaction, inline);
    return;
  }
  // A cancelled request is not a failure the buyer needs to hear about.
  if (error.name === 'AbortError') return;
  // Otherwise the gateway itself is unreachable or answered something that is not GraphQL; a 504 from a proxy
  // in front of it is still a time-out as far as the buyer is concerned.
  const timedOut = ServerError.is(error) && error.statusCode === 504;
  perform(timedOut ? { kind: 'timeout', text: TIMEOUT_TEXT } : { kind: 'toast', text: BUSY_TEXT }, inline);
});
