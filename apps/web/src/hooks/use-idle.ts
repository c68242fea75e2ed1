import { useEffect, useState } from 'react';

/** The longest a busy main thread may hold back what waits for idle. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False until the browser's first idle moment after mount (at most two seconds), then true: for
 * work a screen does not need for its first paint, such as the notifications' badge and stream, so
 * it does not compete with the screen's own code and data on a slow phone
 * (docs/decisions/052-the-first-render-and-the-secondary-work.md). Where there is no
 * `requestIdleCallback`, the next task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, [idle]);
  return idle;
}
