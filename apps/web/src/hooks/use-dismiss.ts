import { useEffect, useEffectEvent, type RefObject } from 'react';
import { useLayer } from './use-shortcut.ts';

export type DismissReason = 'escape' | 'outside';

/**
 * While `enabled`, calls `onDismiss` on Escape (when it is the top layer, hooks/use-shortcut.ts)
 * or on a pointer press outside `ref`: how menus and dropdown panels close.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
  enabled: boolean,
): void {
  const dismiss = useEffectEvent(onDismiss);
  useLayer(enabled, () => onDismiss('escape'));
  useEffect(() => {
    if (!enabled) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) {
        dismiss('outside');
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [enabled, ref]);
}
