import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { alertDialog, notify, toast } from '../shared/notify';
import { contractPath, loginPath } from '../shared/redirect';
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

function perform(reaction: ErrorReaction, context: InlineInputErrorsContext): void {
  switch (reaction.kind) {
    case 'login':
      if (window.location.pathname !== '/login') goTo(loginPath(window.location));
      return;
    case 'dialog':
      // CART-13: a refused add to the cart is the answer's message with a warning icon.
      if (context.refusalAsToast === true) toast(reaction.text, 'warning');
      else alertDialog(reaction.text);
      return;
    case 'toast':
      toast(reaction.text, 'error');
      return;
    case 'timeout':
      notify({ kind: 'dialog', title: '温馨提示', text: reaction.text, action: 'reload' });
      return;
    case 'input':
      if (context.inlineInputErrors !== true) toast(reaction.text, 'error');
      return;
    case 'contract':
      alertDialog(reaction.text);
      // CONTRACT-05: the contract page leads back to where the buyer was once signed.
      goTo(contractPath(reaction.redirect, window.location));
      return;
    case 'none':
      return;
  }
}

/** The one place that turns gateway failures into what the buyer sees (ERR-02 to ERR-08, ERR-10, CART-13). */
export const errorLink = new ErrorLink(({ error, operation }) => {
  const context = operation.getContext() as InlineInputErrorsContext;
  // ERR-10: the section of a secondary call is simply left out; the page's main call speaks for the page.
  if (context.secondary === true) return;
  if (CombinedGraphQLErrors.is(error)) {
    const inlineCodes = context.inlineBusinessCodes ?? [];
    const shown = error.errors.filter((item) => !shownInline(item, inlineCodes));
    for (const reaction of reactionsFor(shown)) perform(reaction, context);
    return;
  }
  // A cancelled request is not a failure the buyer needs to hear about.
  if (error.name === 'AbortError') return;
  // Otherwise the gateway itself is unreachable or answered something that is not GraphQL; a 504 from a proxy
  // in front of it is still a time-out as far as the buyer is concerned.
  const timedOut = ServerError.is(error) && error.statusCode === 504;
  perform(timedOut ? { kind: 'timeout', text: TIMEOUT_TEXT } : { kind: 'toast', text: BUSY_TEXT }, context);
});
