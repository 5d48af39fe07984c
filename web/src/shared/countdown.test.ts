import { describe, expect, it } from 'vitest';
import { countdown, serverClockOffset } from './countdown';

describe('countdowns', () => {
  it('pads every unit to two digits and counts whole days apart', () => {
    const start = Date.parse('2026-11-22T20:00:00Z');
    expect(countdown(start + 3_723_000, start)).toEqual({
      days: 0,
      hours: '01',
      minutes: '02',
      seconds: '03',
      done: false,
    });
    expect(countdown(start + 90_061_500, start)).toEqual({
      days: 1,
      hours: '01',
      minutes: '01',
      seconds: '01',
      done: false,
    });
  });

  it('stops at zero once the time has passed', () => {
    expect(countdown(1000, 5000)).toEqual({ days: 0, hours: '00', minutes: '00', seconds: '00', done: true });
  });

  it('runs on the server clock, remembered from the first time an answer was seen', () => {
    const serverTime = '2026-11-22T20:00:00.000Z';
    const device = Date.parse('2026-11-22T19:59:00.000Z');
    expect(serverClockOffset(serverTime, device)).toBe(60_000);
    // The same cached answer read ten minutes later must not move the clock.
    expect(serverClockOffset(serverTime, device + 600_000)).toBe(60_000);
    expect(serverClockOffset('not a time', device)).toBe(0);
  });
});
