import { useEffect, useEffectEvent } from 'react';
import { shortcutRegistry, type ShortcutHandler } from '#/lib/shortcuts.ts';

/**
 * While mounted (and `enabled`), `handler` answers the catalogue's shortcut `id`
 * (lib/shortcuts.ts); it may answer `false` to leave the key alone.
 */
export function useShortcut(id: string, handler: ShortcutHandler, enabled = true): void {
  const answer = useEffectEvent(handler);
  useEffect(() => {
    if (!enabled) return;
    return shortcutRegistry().register(id, (event) => answer(event));
  }, [id, enabled]);
}

/**
 * While `open`, this dialog, menu or panel is a layer: Escape closes the top one only, and the
 * page's other shortcuts wait until every layer is closed.
 */
export function useLayer(open: boolean, close: () => void): void {
  const closeTop = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    return shortcutRegistry().pushLayer(() => closeTop());
  }, [open]);
}
