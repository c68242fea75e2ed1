import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle.ts';

describe('useIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns true in the browser’s idle moment, not before', () => {
    const waiting: { callback: IdleRequestCallback; timeout?: number }[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
        waiting.push({ callback, timeout: options?.timeout });
        return waiting.length;
      },
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());

    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    expect(waiting).toHaveLength(1);
    // A busy main thread holds it back two seconds at most.
    expect(waiting[0]!.timeout).toBe(2_000);

    act(() => waiting[0]!.callback({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
  });

  it('lets go of the idle callback when unmounted first', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = renderHook(() => useIdle());
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('turns true in the next task where the browser has no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
