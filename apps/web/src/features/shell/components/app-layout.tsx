import { ShellFrame } from './shell-frame.tsx';
import { adminNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import type { ShellNotifications } from './unread-badge.tsx';

interface AppLayoutProps {
  /**
   * The unread count and the bell's panel. They come from the notifications feature, which
   * the shell may not import (apps/web/src/README.md): app/signed-in-layout.tsx joins the two.
   */
  notifications: ShellNotifications;
}

/** The admin area's layout: the MANAGER side menu and the full top bar. */
export function AppLayout({ notifications }: AppLayoutProps) {
  return (
    <ShellFrame
      nav={adminNav}
      renderTopBar={(menu) => <TopBar {...menu} notifications={notifications} />}
    />
  );
}
