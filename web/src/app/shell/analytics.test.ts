import { afterEach, describe, expect, it } from 'vitest';
import { parseWebConfig } from '../../../config';
import {
  ANALYTICS_FALLBACK_DELAY_MS,
  ANALYTICS_IDLE_TIMEOUT_MS,
  resetAnalyticsForTest,
  scheduleAnalytics,
  type AnalyticsHost,
  type AnalyticsScript,
} from './analytics';

function fakeHost(withIdle: boolean) {
  const appended: AnalyticsScript[] = [];
  const idle: { run: () => void; timeout: number }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const host: AnalyticsHost = {
    requestIdleCallback: withIdle
      ? (run, options) => {
          idle.push({ run, timeout: options.timeout });
          return idle.length;
        }
      : undefined,
    setTimeout: (run, ms) => timers.push({ run, ms }),
    appendScript: (script) => appended.push(script),
  };
  return { host, appended, idle, timers };
}

const URL_ = 'https://hm.baidu.com/hm.js?0123456789abcdef';

describe('the analytics script', () => {
  afterEach(() => resetAnalyticsForTest());

  it('SHELL-18: loads nothing when the build is not configured', () => {
    const { host, appended, idle, timers } = fakeHost(true);
    expect(scheduleAnalytics(null, host)).toBe(false);
    expect([appended, idle, timers]).toEqual([[], [], []]);
    expect(parseWebConfig({}).analyticsUrl).toBeNull();
    expect(parseWebConfig({ VITE_ANALYTICS_URL: '' }).analyticsUrl).toBeNull();
  });

  it('SHELL-18: waits for the page to be idle, then adds one async script, once per document', () => {
    const { host, appended, idle } = fakeHost(true);
    expect(scheduleAnalytics(URL_, host)).toBe(true);
    expect(scheduleAnalytics(URL_, host)).toBe(false);
    expect(appended).toEqual([]);
    expect(idle.map((entry) => entry.timeout)).toEqual([ANALYTICS_IDLE_TIMEOUT_MS]);
    idle[0]?.run();
    expect(appended).toEqual([{ src: URL_, async: true, referrerPolicy: 'strict-origin-when-cross-origin' }]);
  });

  it('SHELL-18: falls back to a timer where the browser has no idle callback', () => {
    const { host, appended, timers } = fakeHost(false);
    scheduleAnalytics(URL_, host);
    expect(timers.map((entry) => entry.ms)).toEqual([ANALYTICS_FALLBACK_DELAY_MS]);
    timers[0]?.run();
    expect(appended.map((script) => script.src)).toEqual([URL_]);
  });

  it('SHELL-18: the configured address must be https', () => {
    expect(parseWebConfig({ VITE_ANALYTICS_URL: URL_ }).analyticsUrl).toBe(URL_);
    expect(() => parseWebConfig({ VITE_ANALYTICS_URL: 'http://hm.baidu.com/hm.js' })).toThrow(/Invalid web/);
    expect(() => parseWebConfig({ VITE_ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/Invalid web/);
  });
});
