import { useCallback, useEffect, useRef } from 'react';

/**
 * `schedule(fn, ms)` runs fn after ms unless the component unmounts first;
 * a new schedule replaces the pending one.
 */
export function useTimeout(): (callback: () => void, delayMs: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((callback: () => void, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(callback, delayMs);
  }, []);
}
