import { Link } from 'react-router';
import { Bell, FolderOpen, House, LogOut, Plus, Settings } from 'lucide-react';
import { buttonClassName } from '#/components/ui/button.tsx';
import { DropdownMenu } from '#/components/ui/dropdown-menu.tsx';
import { paths } from '#/config/paths.ts';
import { initialsOf, useSession } from '#/lib/session.ts';
import { iconButtonClassName } from './icon-button.ts';
import { MenuButton, type MenuControls } from './menu-button.tsx';
import { NotificationsDropdown } from './notifications-dropdown.tsx';
import { QuickJumpSlot } from './quick-jump-slot.tsx';
import { notificationsLabel, UnreadBadge, type ShellNotifications } from './unread-badge.tsx';

interface TopBarProps extends MenuControls {
  notifications: ShellNotifications;
}

export function TopBar({ notifications, ...menu }: TopBarProps) {
  const { manager } = useSession();
  const initials = initialsOf(manager);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:gap-3 md:px-8">
      <MenuButton {...menu} />

      <QuickJumpSlot className="hidden max-w-md flex-1 sm:block" />

      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <Link
          to={paths.onboarding}
          aria-label="Add business"
          className={buttonClassName('primary', 'px-3 sm:px-4')}
        >
          <Plus aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Add business</span>
        </Link>
        <Link to={paths.documents} aria-label="Files" className={buttonClassName('ghost', 'px-3')}>
          <FolderOpen aria-hidden="true" className="size-5" />
          <span className="hidden lg:inline">Files</span>
        </Link>
        <NotificationsDropdown className="hidden md:block" {...notifications} />
        <Link
          to={paths.mobileNotifications}
          aria-label={notificationsLabel(notifications.unreadCount)}
          className={`${iconButtonClassName} relative md:hidden`}
        >
          <Bell aria-hidden="true" className="size-5" />
          <UnreadBadge count={notifications.unreadCount} />
        </Link>
        <DropdownMenu
          label="Account menu"
          // Named with the initials it shows (WCAG 2.5.3, label in name).
          triggerLabel={`${initials}, Account menu`}
          trigger={initials}
          triggerClassName="ml-1 flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          items={[
            { label: 'Files', to: paths.documents, icon: FolderOpen },
            { label: 'Homes', to: paths.business, icon: House },
            { label: 'Settings', to: paths.settings, icon: Settings },
            { label: 'Logout', onSelect: menu.onLogout, icon: LogOut, tone: 'danger' },
          ]}
        />
      </div>
    </header>
  );
}
