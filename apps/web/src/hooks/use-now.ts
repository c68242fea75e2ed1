import { useEffect, useState } from 'react';

/**
 * The time now, in milliseconds, read again every `everyMs` while the component is mounted: for
 * what a screen shows relative to now (a step's age), so it does not go stale on a screen left
 * open.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
