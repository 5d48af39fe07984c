import type { GoodsActivityStatus } from '../../gql/graphql';

/** DRAW-02: the result is revealed 2 s after the buyer draws, however fast the server answers. */
export const DRAW_REVEAL_MS = 2000;

/** The result as the pop-up and the draw's page say it (DRAW-05); the remarks only when the prize has some. */
export function drawResultText(prize: { name: string; remarks?: string | null; isWin: boolean }): string {
  if (!prize.isWin) return '很遗憾，本次未中奖，感谢参与';
  const remarks = prize.remarks?.trim();
  return `恭喜您抽中了${prize.name}${remarks ? `（${remarks}）` : ''}`;
}

const STATUS_TEXT: Record<GoodsActivityStatus, string> = { UPCOMING: '未开始', RUNNING: '进行中', ENDED: '已结束' };

export function drawStatusText(status: GoodsActivityStatus): string {
  return STATUS_TEXT[status];
}

/** One key per draw: closing this draw's pop-up says nothing about the next draw's. */
export function drawDismissKey(drawId: string): string {
  return `luckyDraw.dismissed.${drawId}`;
}

/**
 * The browser's session storage, or null where reading it throws (storage blocked by the browser's settings): the
 * pop-up then simply shows on each home visit, which is the spec's behaviour without the courtesy.
 */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function isDrawDismissed(storage: Pick<Storage, 'getItem'> | null, drawId: string): boolean {
  try {
    return storage?.getItem(drawDismissKey(drawId)) === '1';
  } catch {
    return false;
  }
}

export function dismissDraw(storage: Pick<Storage, 'setItem'> | null, drawId: string): void {
  try {
    storage?.setItem(drawDismissKey(drawId), '1');
  } catch {
    // A full or blocked storage only costs the courtesy of not asking again this session.
  }
}

/**
 * Whether the home pop-up offers the draw: only to a buyer known not to have drawn (DRAW-01: shown only when the buyer
 * has not joined; null is a visitor, who cannot draw) who has not closed it this session.
 */
export function offersDraw(draw: { joined?: boolean | null } | null | undefined, dismissed: boolean): boolean {
  return draw?.joined === false && !dismissed;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server's answer, but not before `ms` have passed since the call: the suspense of the draw is the spec's, the
 * result is the server's. A failure is not held back: there is nothing to reveal, and the buyer is told at once.
 */
export async function revealNoSoonerThan<T>(work: Promise<T>, ms: number, delay = wait): Promise<T> {
  const [value] = await Promise.all([work, delay(ms)]);
  return value;
}

/** DRAW-03: the pop-up's close animation takes 1 s. */
export const DRAW_CLOSE_MS = 1000;

/**
 * DRAW-03: how long the pop-up stays on screen, fading out, once closed: the full second, or nothing for a buyer
 * whose system asks for reduced motion (the animation is left out, and so is the wait).
 */
export function closeAnimationMs(reducedMotion: boolean): number {
  return reducedMotion ? 0 : DRAW_CLOSE_MS;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
