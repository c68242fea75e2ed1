import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { paths } from '#/config/paths.ts';
import { clearSession, initialsOf, useSession } from '#/lib/session.ts';
import { LogoutDialog } from './logout-dialog.tsx';
import { MenuButton, type MenuControls } from './menu-button.tsx';
import { adminNav, managerGroupNav, SideNav, type SideNavContent } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import type { ShellNotifications } from './unread-badge.tsx';

interface ShellFrameProps {
  nav: SideNavContent;
  renderTopBar: (menu: MenuControls) => ReactNode;
}

/**
 * What both signed-in layouts share: the skip link, the side menu, the top bar, the current
 * screen, and the logout dialog that clears the session and returns to the login screen.
 */
function ShellFrame({ nav, renderTopBar }: ShellFrameProps) {
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
        content={nav}
        isOpen={isMenuOpen}
        onClose={() => setIsMenuOpen(false)}
        onLogout={() => setIsLogoutOpen(true)}
        openerRef={menuButtonRef}
      />
      <div className="md:pl-64">
        {renderTopBar({
          isMenuOpen,
          onOpenMenu: () => setIsMenuOpen(true),
          onLogout: () => setIsLogoutOpen(true),
          menuButtonRef,
        })}
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

/**
 * The manager group's own layout (docs/product.md §2.4): a side menu of Dashboard, My profile
 * and Logout, and a plain top bar. Its screens are static, so it loads nothing.
 */
export function ManagerGroupLayout() {
  const { manager } = useSession();
  return (
    <ShellFrame
      nav={managerGroupNav}
      renderTopBar={(menu) => (
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-8">
          <MenuButton {...menu} />
          <p className="text-sm font-medium text-slate-600">Manager group</p>
          <span
            aria-hidden="true"
            className="ml-auto flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
          >
            {initialsOf(manager)}
          </span>
        </header>
      )}
    />
  );
}
