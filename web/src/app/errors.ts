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

/** The name of the error a request gives up with after API-03's 30 s without an answer (`timedFetch`). */
export const REQUEST_TIMEOUT_ERROR = 'TimeoutError';

/** API-03, ERR-07: how long the browser waits for the gateway's answer to one request. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * API-03: `fetch` that gives up after `timeoutMs` without an answer, failing with a `TimeoutError` (which the error
 * link shows as ERR-07's 请求超时，请刷新页面) rather than waiting for ever on a stalled connection. The caller's own
 * signal (Apollo cancelling a request) still cancels it as an `AbortError`, which nobody is told about.
 */
export function timedFetch(timeoutMs: number, base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal;
    const cancel = () => controller.abort(outer?.reason);
    if (outer?.aborted) cancel();
    else outer?.addEventListener('abort', cancel, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException(TIMEOUT_TEXT, REQUEST_TIMEOUT_ERROR)), timeoutMs);
    return base(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    });
  };
}

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
  // in front of it, or no answer within the browser's own 30 s (ERR-07, apollo.ts), is a time-out as far as the
  // buyer is concerned.
  const timedOut = error.name === REQUEST_TIMEOUT_ERROR || (ServerError.is(error) && error.statusCode === 504);
  perform(timedOut ? { kind: 'timeout', text: TIMEOUT_TEXT } : { kind: 'toast', text: BUSY_TEXT }, context);
});
