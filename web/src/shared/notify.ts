/**
 * A tiny bus between whoever has something to tell the buyer (the Apollo error link, mutations) and the notice
 * host that renders Fluent toasts and dialogs. The host is loaded lazily to keep Toaster and Dialog out of the
 * first bundle, so notices raised before it mounts wait here and are delivered in order when it subscribes.
 */
export type NoticeIntent = 'success' | 'warning' | 'error' | 'info';

export type Notice =
  | { kind: 'toast'; intent: NoticeIntent; text: string; link?: NoticeLink }
  | { kind: 'dialog'; title: string; text: string; action?: 'reload' };

/** A toast's button to another page, for example 收藏成功 with 查看收藏 (SHELL-16). */
export interface NoticeLink {
  label: string;
  to: string;
}

type Listener = (notice: Notice) => void;

const pending: Notice[] = [];
let listener: Listener | null = null;
/** Whether anything was ever told: the host's code is fetched only then (ADR 0310), not with every first view. */
let raised = false;
const raisedListeners = new Set<() => void>();

/**
 * Several requests of one page fail together when the upstream is down; the buyer should read
 * 系统繁忙，请稍候再试 once, not once per request.
 */
export const REPEAT_WINDOW_MS = 2000;
const lastShown = new Map<string, number>();

export function notify(notice: Notice): void {
  const key = `${notice.kind}\u0000${notice.text}`;
  const now = Date.now();
  const last = lastShown.get(key);
  // A clock set back (the phone synchronising its time) must not silence notices until it catches up.
  if (last !== undefined && now >= last && now - last < REPEAT_WINDOW_MS) return;
  lastShown.set(key, now);
  if (listener) listener(notice);
  else pending.push(notice);
  if (!raised) {
    raised = true;
    for (const next of raisedListeners) next();
  }
}

/** For `useSyncExternalStore`: calls `next` once the first notice is raised. */
export function subscribeNoticeRaised(next: () => void): () => void {
  raisedListeners.add(next);
  return () => void raisedListeners.delete(next);
}

export const noticeRaised = (): boolean => raised;

export function subscribeNotices(next: Listener): () => void {
  listener = next;
  for (const notice of pending.splice(0)) next(notice);
  return () => {
    if (listener === next) listener = null;
  };
}

export const toast = (text: string, intent: NoticeIntent = 'info', link?: NoticeLink): void =>
  notify(link ? { kind: 'toast', intent, text, link } : { kind: 'toast', intent, text });

/** The alert for business answers (ERR-05) is a dialog titled 温馨提示. */
export const WARM_TIP = '温馨提示';

export const alertDialog = (text: string): void => notify({ kind: 'dialog', title: WARM_TIP, text });
