import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { paths } from '#/config/paths.ts';
import { useShortcut } from '#/hooks/use-shortcut.ts';
import { clearSession } from '#/lib/session.ts';
import { goToScreens, shortcutRegistry } from '#/lib/shortcuts.ts';
import { endSessionOnServer } from '../api/end-session.ts';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import type { MenuControls } from './menu-button.tsx';
import { SideNav, type SideNavContent } from './side-nav.tsx';

interface ShellFrameProps {
  nav: SideNavContent;
  renderTopBar: (menu: MenuControls) => ReactNode;
}

/**
 * What both signed-in layouts share: the skip link, the side menu, the top bar, the current
 * screen, the logout dialog that ends the session (on the server too) and returns to the
 * login screen, and the keyboard's `?` list and `g` moves (docs/product.md §12.3).
 */
export function ShellFrame({ nav, renderTopBar }: ShellFrameProps) {
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isLogoutOpen, setIsLogoutOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  useShortcut('help', () => setIsShortcutsOpen(true));
  // `g` then a screen's letter, one binding per line of the list (docs/product.md §12.3).
  useEffect(() => {
    const unbind = goToScreens.map((screen) =>
      shortcutRegistry().register(`go-${screen.letter}`, () => void navigate(screen.path)),
    );
    return () => unbind.forEach((release) => release());
  }, [navigate]);

  const logout = () => {
    setIsLogoutOpen(false);
    // The call takes the token with it as it starts: forgetting it next is safe.
    endSessionOnServer();
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
      <KeyboardShortcutsDialog open={isShortcutsOpen} onClose={() => setIsShortcutsOpen(false)} />
    </div>
  );
}
