/**
 * What clicking a marketplace link does (SHELL-11, SHELL-12): a link without a target says the activity has not
 * started; a target starting with * or # is a message, not a destination; anything else navigates.
 */
export type LinkAction =
  { kind: 'message'; text: string } | { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export const ACTIVITY_NOT_STARTED = '活动未开始';

export function linkAction(url: string | null | undefined, origin: string): LinkAction {
  const target = url?.trim();
  if (!target) return { kind: 'message', text: ACTIVITY_NOT_STARTED };
  if (target.startsWith('*') || target.startsWith('#')) {
    return { kind: 'message', text: target.slice(1).trim() || ACTIVITY_NOT_STARTED };
  }
  if (target.startsWith('/')) return { kind: 'internal', to: target };
  try {
    const parsed = new URL(target, origin);
    if (parsed.origin === origin) return { kind: 'internal', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
    return { kind: 'external', href: parsed.href };
  } catch {
    return { kind: 'message', text: ACTIVITY_NOT_STARTED };
  }
}
