/**
 * How the buyer's screen reacts to each `extensions.code` of the gateway (contract "Error codes", ERR-02 to ERR-08).
 * Pure, so the table is tested without a browser; `errors.ts` carries the reactions out.
 */
export type ErrorReaction =
  | { kind: 'login' }
  | { kind: 'dialog'; text: string }
  | { kind: 'toast'; text: string }
  | { kind: 'timeout'; text: string }
  | { kind: 'input'; text: string }
  | { kind: 'contract'; text: string; redirect: string }
  | { kind: 'none' };

// Wording.busy and Wording.timeout of @pharma/domain/wording, written out: importing that module puts a chunk of
// its own on the home route (+0.5 KB gzip, ADR 0302's budget) for two strings. error-policy.test.ts checks they match.
export const BUSY_TEXT = '系统繁忙，请稍候再试';
export const TIMEOUT_TEXT = '请求超时，请刷新页面';

export interface GatewayError {
  message: string;
  extensions?: Readonly<Record<string, unknown>> | undefined;
}

export function reactionFor(error: GatewayError): ErrorReaction {
  const code = typeof error.extensions?.['code'] === 'string' ? error.extensions['code'] : undefined;
  switch (code) {
    case 'UNAUTHENTICATED':
      return { kind: 'login' };
    case 'BUSINESS_ERROR':
      return { kind: 'dialog', text: error.message };
    case 'UPSTREAM_UNAVAILABLE':
      return { kind: 'toast', text: BUSY_TEXT };
    case 'UPSTREAM_TIMEOUT':
      return { kind: 'timeout', text: TIMEOUT_TEXT };
    // ERR-20: the gateway words these itself in Chinese (the limit in KB or MB, 操作过于频繁): the buyer learns what
    // to change, where 系统繁忙 would send them to try the same thing again.
    case 'PAYLOAD_TOO_LARGE':
    case 'RATE_LIMITED':
      return { kind: 'toast', text: error.message };
    case 'BAD_USER_INPUT':
      return { kind: 'input', text: firstFieldMessage(error) };
    case 'CONTRACT_REQUIRED': {
      const redirect = error.extensions?.['redirect'];
      return { kind: 'contract', text: error.message, redirect: typeof redirect === 'string' ? redirect : '/dzht' };
    }
    default:
      // Anything unclassified is masked by the gateway; the buyer learns only that the system is busy.
      return { kind: 'toast', text: BUSY_TEXT };
  }
}

/** BAD_USER_INPUT carries `fields: { name: [messages] }`; ERR-03 shows the first message of the first field. */
export function firstFieldMessage(error: GatewayError): string {
  const fields = error.extensions?.['fields'];
  if (fields && typeof fields === 'object') {
    for (const messages of Object.values(fields)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
    }
  }
  return error.message;
}

/**
 * The first message of each field a BAD_USER_INPUT names, for the form to show under its fields; null when the
 * errors hold none (the failure is something else).
 */
export function serverFieldErrors(errors: readonly GatewayError[]): Record<string, string> | null {
  const input = errors.find((error) => error.extensions?.['code'] === 'BAD_USER_INPUT');
  if (!input) return null;
  const found: Record<string, string> = {};
  const fields = input.extensions?.['fields'];
  if (fields && typeof fields === 'object') {
    for (const [name, messages] of Object.entries(fields)) {
      const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
      if (typeof first === 'string') found[name] = first;
    }
  }
  return found;
}

/** The upstream's business code of a BUSINESS_ERROR among `errors` (40031 wrong code...), when there is one. */
export function businessCodeOf(errors: readonly GatewayError[]): { code: number; message: string } | null {
  for (const error of errors) {
    const code = error.extensions?.['upstreamCode'];
    if (error.extensions?.['code'] === 'BUSINESS_ERROR' && typeof code === 'number')
      return { code, message: error.message };
  }
  return null;
}

/** Several errors in one answer: act once per kind, so three failed fields do not open three dialogs. */
export function reactionsFor(errors: readonly GatewayError[]): ErrorReaction[] {
  const seen = new Set<string>();
  const reactions: ErrorReaction[] = [];
  for (const error of errors) {
    const reaction = reactionFor(error);
    if (seen.has(reaction.kind)) continue;
    seen.add(reaction.kind);
    reactions.push(reaction);
  }
  // A login redirect makes every other message moot.
  return reactions.some((reaction) => reaction.kind === 'login') ? [{ kind: 'login' }] : reactions;
}

/**
 * Operations whose screen shows BAD_USER_INPUT beside the field (forms) set this in their context, so the
 * message is not shown twice.
 */
export interface InlineInputErrorsContext {
  inlineInputErrors?: boolean;
  /**
   * Business refusals (by upstream code) the screen shows beside a field itself, such as a wrong verification code
   * (40031): no dialog for those.
   */
  inlineBusinessCodes?: readonly number[];
  /**
   * ERR-10: a secondary call (banners, ads, hot words, side-bar data, counts, suggestions) fails silently: its
   * section is left out and the buyer hears nothing, not even a login redirect; the page's own main call reports.
   */
  secondary?: boolean;
  /**
   * CART-13: a business refusal is shown as a toast with a warning icon (the answer's message) instead of the
   * 温馨提示 dialog, for the adds to the cart that the buyer makes in passing from a list.
   */
  refusalAsToast?: boolean;
}

/** The context of a secondary query (ERR-10): `useQuery(Query, { context: SECONDARY })`. */
export const SECONDARY: InlineInputErrorsContext = { secondary: true };
