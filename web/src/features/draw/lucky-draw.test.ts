import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeAnimationMs,
  dismissDraw,
  drawDismissKey,
  drawResultText,
  drawStatusText,
  isDrawDismissed,
  offersDraw,
  revealNoSoonerThan,
} from './lucky-draw';

describe('the words of a draw result', () => {
  it('names the prize and its remarks in full-width brackets when it wins', () => {
    expect(drawResultText({ name: '满300减30优惠券', remarks: '已发放至我的优惠券', isWin: true })).toBe(
      '恭喜您抽中了满300减30优惠券（已发放至我的优惠券）',
    );
  });
  it('leaves the brackets out when the prize has no remarks', () => {
    expect(drawResultText({ name: '保温杯', remarks: null, isWin: true })).toBe('恭喜您抽中了保温杯');
    expect(drawResultText({ name: '保温杯', remarks: '  ', isWin: true })).toBe('恭喜您抽中了保温杯');
  });
  it('says no win for the consolation entry, whatever it is called', () => {
    expect(drawResultText({ name: '谢谢参与', remarks: '下次好运', isWin: false })).toBe(
      '很遗憾，本次未中奖，感谢参与',
    );
  });
});

describe('the status of a draw', () => {
  it('is said in words', () => {
    expect(drawStatusText('UPCOMING')).toBe('未开始');
    expect(drawStatusText('RUNNING')).toBe('进行中');
    expect(drawStatusText('ENDED')).toBe('已结束');
  });
});

describe('the pop-up closed for this session', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  };

  it('is remembered per draw', () => {
    const storage = memory();
    expect(isDrawDismissed(storage, '1')).toBe(false);
    dismissDraw(storage, '1');
    expect(isDrawDismissed(storage, '1')).toBe(true);
    expect(isDrawDismissed(storage, '2')).toBe(false);
    expect(drawDismissKey('1')).not.toBe(drawDismissKey('2'));
  });

  it('is never remembered, and never fails, without a usable storage', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('blocked');
      },
      setItem: (): void => {
        throw new Error('full');
      },
    };
    expect(() => dismissDraw(broken, '1')).not.toThrow();
    expect(isDrawDismissed(broken, '1')).toBe(false);
    expect(isDrawDismissed(null, '1')).toBe(false);
  });

  it('offers the draw only to a buyer known not to have drawn, until closed', () => {
    expect(offersDraw({ joined: false }, false)).toBe(true);
    expect(offersDraw({ joined: false }, true)).toBe(false);
    expect(offersDraw({ joined: true }, false)).toBe(false);
    expect(offersDraw({ joined: null }, false)).toBe(false);
    expect(offersDraw(null, false)).toBe(false);
  });
});

describe('revealing a draw result', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the full delay even when the server answers at once', async () => {
    vi.useFakeTimers();
    let revealed: string | null = null;
    void revealNoSoonerThan(Promise.resolve('奖品'), 2000).then((value) => {
      revealed = value;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(revealed).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(revealed).toBe('奖品');
  });

  it('waits for a server slower than the delay', async () => {
    vi.useFakeTimers();
    let answer: (value: string) => void = () => undefined;
    let revealed: string | null = null;
    void revealNoSoonerThan(new Promise<string>((resolve) => (answer = resolve)), 2000).then((value) => {
      revealed = value;
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(revealed).toBeNull();
    answer('谢谢参与');
    await vi.advanceTimersByTimeAsync(0);
    expect(revealed).toBe('谢谢参与');
  });

  it('passes a failure on at once', async () => {
    vi.useFakeTimers();
    const outcome = revealNoSoonerThan(Promise.reject(new Error('抽奖活动已结束')), 2000);
    await expect(outcome).rejects.toThrow('抽奖活动已结束');
  });
});

describe('closing the pop-up', () => {
  it('DRAW-03: takes a full second of animation, and none when the buyer asks for reduced motion', () => {
    expect(closeAnimationMs(false)).toBe(1000);
    expect(closeAnimationMs(true)).toBe(0);
  });
});
