/**
 * Countdowns run on the server's clock (TIME-01): `site.serverTime` says what time the server had when it
 * answered, and the device's clock only measures how much time has passed since. The first moment a given
 * answer was seen is remembered, so a cached answer read again later still gives the right offset.
 */
const firstSeen = new Map<string, number>();

export function serverClockOffset(serverTime: string, deviceNow: number = Date.now()): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  let seen = firstSeen.get(serverTime);
  if (seen === undefined) {
    seen = deviceNow;
    firstSeen.set(serverTime, seen);
  }
  return server - seen;
}

export interface Countdown {
  days: number;
  hours: string;
  minutes: string;
  seconds: string;
  done: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The time left until `target` (ms), in whole seconds, each unit padded to two digits. */
export function countdown(target: number, now: number): Countdown {
  const left = Math.max(0, Math.floor((target - now) / 1000));
  const days = Math.floor(left / 86_400);
  return {
    days,
    hours: pad(Math.floor((left % 86_400) / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
    done: left === 0,
  };
}
