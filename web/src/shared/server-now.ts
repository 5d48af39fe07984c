import { useEffect, useState } from 'react';
import { serverClockOffset } from './countdown';

/** The server's clock (TIME-01), ticking once a second; a new server time is taken up at the next tick. */
export function useServerNow(serverTime: string | undefined): number {
  const offset = serverTime === undefined ? 0 : serverClockOffset(serverTime);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 1000);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}
