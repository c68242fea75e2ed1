import type { ReactNode } from 'react';
import { formatCount } from '#/lib/format.ts';

/** What the shell shows of the notifications; the signed-in layout (app/) supplies it. */
export interface ShellNotifications {
  unreadCount: number;
  /** The bell's dropdown content; `close` shuts the dropdown (a notification opened a page). */
  renderPanel: (close: () => void) => ReactNode;
}

/** The badge caps at 99+; the accessible name says the exact count. */
const MAX_SHOWN = 99;

/** The bell's and the small-screen icon's accessible name: 'Notifications, 3 unread'. */
export const notificationsLabel = (unreadCount: number): string =>
  unreadCount > 0 ? `Notifications, ${formatCount(unreadCount)} unread` : 'Notifications';

/** The unread count on the bell; nothing when all are read. Its parent must be positioned. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[0.625rem] leading-5 font-semibold text-white tabular-nums ring-2 ring-white"
    >
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
    </span>
  );
}
