import { useEffect } from 'react';
import { formatCount } from '#/lib/format.ts';

/** The `(3) ` this hook puts before the title. */
const COUNT_PREFIX = /^\(\d[\d,]*\) /;

/** `(3) Formation Desk` while there are unread notifications, the title alone otherwise. */
export function titleWithUnreadCount(title: string, unreadCount: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  return unreadCount > 0 ? `(${formatCount(unreadCount)}) ${base}` : base;
}

/**
 * Shows the unread count in the tab's title. The app's only title is index.html's `<title>`;
 * this puts the count before whatever it holds and takes it away again on sign-out.
 */
export function useUnreadCountTitle(unreadCount: number): void {
  useEffect(() => {
    document.title = titleWithUnreadCount(document.title, unreadCount);
  }, [unreadCount]);
  useEffect(
    () => () => {
      document.title = titleWithUnreadCount(document.title, 0);
    },
    [],
  );
}
