import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCurrentAnswer, suggestionKeywords, type SearchInputEvent } from './suggestion-policy';

function harness() {
  const events = new Subject<SearchInputEvent>();
  const asked: (string | null)[] = [];
  const subscription = suggestionKeywords(events).subscribe((keyword) => asked.push(keyword));
  return {
    asked,
    type: (text: string) => events.next({ type: 'input', text }),
    compose: () => events.next({ type: 'compositionstart' }),
    commit: (text: string) => events.next({ type: 'compositionend', text }),
    submit: () => events.next({ type: 'submit' }),
    stop: () => subscription.unsubscribe(),
  };
}

describe('search suggestion requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks only after a 500 ms pause in typing', () => {
    const box = harness();
    box.type('感');
    vi.advanceTimersByTime(499);
    expect(box.asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(box.asked).toEqual(['感']);
    box.stop();
  });

  it('asks once for the newest keyword when the buyer keeps typing', () => {
    const box = harness();
    box.type('g');
    vi.advanceTimersByTime(300);
    box.type('gm');
    vi.advanceTimersByTime(300);
    box.type('gml');
    vi.advanceTimersByTime(500);
    expect(box.asked).toEqual(['gml']);
    box.stop();
  });

  it('never asks while an input method is composing, and asks for the committed text', () => {
    const box = harness();
    box.compose();
    box.type('gan');
    vi.advanceTimersByTime(1000);
    box.type('gan mao');
    vi.advanceTimersByTime(1000);
    expect(box.asked).toEqual([]);
    box.commit('感冒');
    vi.advanceTimersByTime(500);
    expect(box.asked).toEqual(['感冒']);
    box.stop();
  });

  it('drops a pending request when composition starts', () => {
    const box = harness();
    box.type('感冒');
    vi.advanceTimersByTime(400);
    box.compose();
    vi.advanceTimersByTime(1000);
    expect(box.asked).toEqual([]);
    box.stop();
  });

  it('clears at once for empty or blank text and does not ask', () => {
    const box = harness();
    box.type('感冒');
    vi.advanceTimersByTime(500);
    box.type('   ');
    expect(box.asked).toEqual(['感冒', null]);
    vi.advanceTimersByTime(1000);
    expect(box.asked).toEqual(['感冒', null]);
    box.stop();
  });

  it('trims the keyword and does not ask twice for the same one', () => {
    const box = harness();
    box.type(' 阿莫西林 ');
    vi.advanceTimersByTime(500);
    box.type('阿莫西林');
    vi.advanceTimersByTime(500);
    expect(box.asked).toEqual(['阿莫西林']);
    box.stop();
  });

  it('does not ask after the buyer has searched, until the next keystroke', () => {
    const box = harness();
    box.type('感冒灵');
    vi.advanceTimersByTime(200);
    box.submit();
    vi.advanceTimersByTime(1000);
    expect(box.asked).toEqual([]);
    box.type('感冒灵颗');
    vi.advanceTimersByTime(500);
    expect(box.asked).toEqual(['感冒灵颗']);
    box.stop();
  });

  it('shows an answer only for the keyword asked last', () => {
    expect(isCurrentAnswer('gm', 'gml')).toBe(false);
    expect(isCurrentAnswer('gml', 'gml')).toBe(true);
    expect(isCurrentAnswer('gml', null)).toBe(false);
  });
});
