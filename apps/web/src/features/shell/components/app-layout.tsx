import { Suspense, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { paths } from '#/config/paths.ts';
import { clearSession } from '#/lib/session.ts';
import { LogoutDialog } from './logout-dialog.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import type { ShellNotifications } from './unread-badge.tsx';

interface AppLayoutProps {
  /**
   * The unread count and the bell's panel. They come from the notifications feature, which
   * the shell may not import (apps/web/src/README.md): app/signed-in-layout.tsx joins the two.
   */
  notifications: ShellNotifications;
}

/** The authenticated shell: side menu, top bar, the current screen, and the logout dialog. */
export function AppLayout({ notifications }: AppLayoutProps) {
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isLogoutOpen, setIsLogoutOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const logout = () => {
    setIsLogoutOpen(false);
    clearSession();
    navigate(paths.login, { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <SideNav
        isOpen={isMenuOpen}
        onClose={() => setIsMenuOpen(false)}
        onLogout={() => setIsLogoutOpen(true)}
        openerRef={menuButtonRef}
      />
      <div className="md:pl-64">
        <TopBar
          isMenuOpen={isMenuOpen}
          onOpenMenu={() => setIsMenuOpen(true)}
          onLogout={() => setIsLogoutOpen(true)}
          menuButtonRef={menuButtonRef}
          notifications={notifications}
        />
        <main id="main-content" tabIndex={-1} className="px-4 py-6 focus:outline-none md:px-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LogoutDialog
        open={isLogoutOpen}
        onCancel={() => setIsLogoutOpen(false)}
        onConfirm={logout}
      />
    </div>
  );
}
