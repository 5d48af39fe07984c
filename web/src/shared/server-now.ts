import { useEffect, useState } from 'react';
import { serverClockOffset } from './countdown';

/** The server's timestamp as a clock reading; the device's clock where there is none (yet). */
function readingOf(serverTime: string | undefined): number {
  const server = serverTime === undefined ? Number.NaN : Date.parse(serverTime);
  return Number.isNaN(server) ? Date.now() : server;
}

/**
 * The server's clock (TIME-01), ticking once a second; a new server time is taken up at once.
 *
 * SSR-01: the first render reads the server's timestamp itself, on the server and in the browser that hydrates its
 * HTML, so both draw the same second; the device's clock takes over in an effect, which only the browser runs.
 * Reading the clock while rendering drew the home's countdown a second or more apart from the server's HTML whenever
 * the server had seen the answer before rendering (a cached answer), and React threw the page's HTML away.
 */
export function useServerNow(serverTime: string | undefined): number {
  const [now, setNow] = useState(() => readingOf(serverTime));
  useEffect(() => {
    const offset = serverTime === undefined ? 0 : serverClockOffset(serverTime);
    const tick = () => setNow(Date.now() + offset);
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [serverTime]);
  return now;
}
