import { initialsOf, useSession } from '#/lib/session.ts';
import { MenuButton } from './menu-button.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { managerGroupNav } from './side-nav.tsx';

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
