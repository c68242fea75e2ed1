import { Bell } from 'lucide-react';
import { Popover } from '#/components/ui/popover.tsx';
import { iconButtonClassName } from './icon-button.ts';
import { notificationsLabel, UnreadBadge, type ShellNotifications } from './unread-badge.tsx';

interface NotificationsDropdownProps extends ShellNotifications {
  className?: string;
}

/** The bell of the top bar on wide screens, with its unread badge and its dropdown panel. */
export function NotificationsDropdown({
  className,
  unreadCount,
  renderPanel,
}: NotificationsDropdownProps) {
  return (
    <Popover
      kind="region"
      label={notificationsLabel(unreadCount)}
      panelLabel="Notifications"
      trigger={
        <>
          <Bell aria-hidden="true" className="size-5" />
          <UnreadBadge count={unreadCount} />
        </>
      }
      triggerProps={{ className: `${iconButtonClassName} relative` }}
      className={className}
      panelClassName="right-0 z-40 flex max-h-[min(36rem,calc(100vh-5rem))] w-[26rem] max-w-[calc(100vw-2rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      {({ close }) => (
        <>
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">
            Notifications
          </h2>
          <div className="overflow-y-auto">{renderPanel(() => close({ returnFocus: false }))}</div>
        </>
      )}
    </Popover>
  );
}
