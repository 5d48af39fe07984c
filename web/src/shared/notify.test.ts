import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, REPEAT_WINDOW_MS, subscribeNotices, toast, type Notice } from './notify';

describe('the notice bus', () => {
  beforeEach(() => {
    // The bus is one per page, and the test files share one module graph: what earlier files raised is delivered
    // away first, and the clock moves past their repeat window.
    subscribeNotices(() => undefined)();
    vi.useFakeTimers({ now: Date.now() + REPEAT_WINDOW_MS });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps notices raised before the lazy host mounts and delivers them in order', () => {
    notify({ kind: 'toast', intent: 'error', text: '系统繁忙，请稍候再试' });
    notify({ kind: 'dialog', title: '温馨提示', text: '库存不足' });
    const seen: Notice[] = [];
    const unsubscribe = subscribeNotices((notice) => seen.push(notice));
    notify({ kind: 'toast', intent: 'success', text: '加入购物车成功' });
    unsubscribe();
    expect(seen.map((notice) => notice.text)).toEqual(['系统繁忙，请稍候再试', '库存不足', '加入购物车成功']);
  });

  it('carries a toast button that leads to another page', () => {
    const seen: Notice[] = [];
    const unsubscribe = subscribeNotices((notice) => seen.push(notice));
    toast('收藏成功', 'success', { label: '查看收藏', to: '/star' });
    toast('取消收藏成功', 'success');
    unsubscribe();
    expect(seen).toEqual([
      { kind: 'toast', intent: 'success', text: '收藏成功', link: { label: '查看收藏', to: '/star' } },
      { kind: 'toast', intent: 'success', text: '取消收藏成功' },
    ]);
  });

  it('queues again once the host unmounts', () => {
    const unsubscribe = subscribeNotices(() => undefined);
    unsubscribe();
    notify({ kind: 'toast', intent: 'info', text: '活动未开始' });
    const seen: string[] = [];
    subscribeNotices((notice) => seen.push(notice.text))();
    expect(seen).toEqual(['活动未开始']);
  });

  it('shows a message repeated by several failing requests once', () => {
    const seen: string[] = [];
    const unsubscribe = subscribeNotices((notice) => seen.push(notice.text));
    vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    notify({ kind: 'toast', intent: 'error', text: '系统繁忙，请稍候再试' });
    notify({ kind: 'toast', intent: 'error', text: '系统繁忙，请稍候再试' });
    notify({ kind: 'dialog', title: '温馨提示', text: '库存不足' });
    vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    notify({ kind: 'toast', intent: 'error', text: '系统繁忙，请稍候再试' });
    unsubscribe();
    expect(seen).toEqual(['系统繁忙，请稍候再试', '库存不足', '系统繁忙，请稍候再试']);
  });
});
