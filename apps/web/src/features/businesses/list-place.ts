/**
 * Where the manager left the businesses list: its address (tab, search, filters and page are all
 * in the query), the history entry it was on, and how far the window was scrolled. Kept in
 * session storage so that the details page's 'Go back' returns to that very list, scrolled as it
 * was, and so does the browser's Back (docs/product.md §10.2).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '#/config/paths.ts';

const LIST_PLACE_STORAGE_KEY = 'business_list_place';

export interface ListPlace {
  /** Path and query of the list, e.g. `/business?search=acme&page=2`. */
  address: string;
  /** react-router's key of the history entry the list was on. */
  key: string;
  scrollY: number;
}

/** The navigation state of an entry that should come back scrolled as it was left. */
export interface ReturnToListState {
  returnToList: true;
}
/** The navigation state the list gives the details page it opens. */
export interface FromListState {
  fromList: true;
}

const hasFlag = (state: unknown, flag: string) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[flag] === true;

export function readListPlace(): ListPlace | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LIST_PLACE_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { address, key, scrollY } = stored as Record<string, unknown>;
    if (typeof address !== 'string' || !address.startsWith(paths.business)) return null;
    if (typeof key !== 'string' || typeof scrollY !== 'number') return null;
    return { address, key, scrollY };
  } catch {
    return null;
  }
}

function storeListPlace(place: ListPlace): void {
  try {
    sessionStorage.setItem(LIST_PLACE_STORAGE_KEY, JSON.stringify(place));
  } catch {
    // Storage can be unavailable (privacy modes); Go back then opens the list's first page.
  }
}

/**
 * Used by the list: keeps its place up to date while it is shown, and once its rows are on
 * screen (`ready`) scrolls back to where it was left when the manager came back to it — by the
 * browser's Back or Forward (the same history entry) or by a 'Go back' (`returnToList`).
 */
export function useListPlace(ready: boolean): void {
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  const [restoreTo] = useState(() => {
    const place = readListPlace();
    const returning = place?.key === location.key || hasFlag(location.state, 'returnToList');
    return returning && place?.address === address ? place.scrollY : null;
  });
  const restored = useRef(restoreTo === null);

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (restoreTo !== null) window.scrollTo({ top: restoreTo, behavior: 'instant' });
  }, [ready, restoreTo]);

  useEffect(() => {
    const save = () => {
      // A scroll after the list was left (the next page is shorter) is not the list's.
      if (window.location.pathname !== location.pathname || !restored.current) return;
      storeListPlace({ address, key: location.key, scrollY: Math.round(window.scrollY) });
    };
    save();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [address, location.key, location.pathname, ready]);
}

/**
 * Where the details page's 'Go back' leads: the list as it was left. When the details were
 * opened from that list (`fromList`), going back is the browser's Back, so the history stays
 * as it was; otherwise (a shared link, a notification, the quick jump) it opens the list's
 * remembered address.
 */
export function listReturn(state: unknown): {
  to: string;
  state: ReturnToListState;
  historyBack: boolean;
} {
  const place = readListPlace();
  return {
    to: place?.address ?? paths.business,
    state: { returnToList: true },
    historyBack: place !== null && hasFlag(state, 'fromList'),
  };
}
