import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import {
  ChartColumn,
  FileText,
  Inbox,
  LayoutDashboard,
  LogOut,
  Settings,
  ShieldCheck,
  UserRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import { insightTexts, SIDE_MENU_CLOSE_DELAY_MS } from '@fd/contract';
import { paths } from '#/config/paths.ts';
import { useDismiss } from '#/hooks/use-dismiss.ts';
import { useTimeout } from '#/hooks/use-timeout.ts';
import { classNames } from '#/lib/class-names.ts';
import { iconButtonClassName } from './icon-button.ts';

export const SIDE_MENU_ID = 'side-menu';

/** What a layout's side menu lists: a heading, its links, and the name of its logout button. */
export interface SideNavContent {
  heading?: string;
  items: readonly { label: string; to: string; icon: LucideIcon }[];
  logoutLabel: string;
}

/** The admin area's menu (docs/product.md §2.3); Dashboard opens the work queue (§11.5). */
export const adminNav: SideNavContent = {
  heading: 'MANAGER',
  items: [
    { label: 'Dashboard', to: paths.workQueue, icon: LayoutDashboard },
    { label: 'Documents', to: paths.documents, icon: FileText },
    { label: 'Request', to: paths.request, icon: Inbox },
    { label: 'Compliance', to: paths.compliance, icon: ShieldCheck },
    // Ours: how the service is doing (docs/product.md §12.4).
    { label: insightTexts.menuLabel, to: paths.insights, icon: ChartColumn },
    { label: 'Settings', to: paths.settings, icon: Settings },
  ],
  logoutLabel: 'Log out',
};

/** The manager group's menu (docs/product.md §2.4). */
export const managerGroupNav: SideNavContent = {
  items: [
    { label: 'Dashboard', to: paths.flexDashboard, icon: LayoutDashboard },
    { label: 'My profile', to: paths.flexProfile, icon: UserRound },
  ],
  logoutLabel: 'Logout',
};

interface SideNavProps {
  content: SideNavContent;
  /** Only matters on small screens, where the menu slides in; it is always shown on wide ones. */
  isOpen: boolean;
  onClose: () => void;
  onLogout: () => void;
  /** Where focus goes back when the menu is closed from the keyboard. */
  openerRef: RefObject<HTMLButtonElement | null>;
}

export function SideNav({ content, isOpen, onClose, onLogout, openerRef }: SideNavProps) {
  const asideRef = useRef<HTMLElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const schedule = useTimeout();

  useEffect(() => {
    if (isOpen) closeButtonRef.current?.focus();
  }, [isOpen]);

  useDismiss(
    asideRef,
    (reason) => {
      onClose();
      if (reason === 'escape') openerRef.current?.focus();
    },
    isOpen,
  );

  return (
    <>
      {isOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" />
      )}
      <aside
        ref={asideRef}
        id={SIDE_MENU_ID}
        className={classNames(
          'fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-slate-200 bg-white',
          'transition-[translate,visibility] duration-300 ease-out md:visible md:translate-x-0',
          // Off-screen and out of the tab order on small screens until opened.
          isOpen ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-5">
          <span className="flex items-center gap-2.5">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 font-bold text-white"
            >
              F
            </span>
            <span className="font-semibold tracking-tight whitespace-nowrap text-slate-900">
              Formation Desk
            </span>
          </span>
          <button
            ref={closeButtonRef}
            type="button"
            aria-label="Close menu"
            onClick={() => {
              onClose();
              openerRef.current?.focus();
            }}
            className={`${iconButtonClassName} md:hidden`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <nav aria-label="Main" className="flex flex-1 flex-col overflow-y-auto px-3 py-5">
          {content.heading && (
            <p className="mb-3 px-3 text-xs font-semibold tracking-wider text-slate-500">
              {content.heading}
            </p>
          )}
          <ul className="space-y-1">
            {content.items.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  // On small screens the menu lets the choice show before it slides away.
                  onClick={() => schedule(onClose, SIDE_MENU_CLOSE_DELAY_MS)}
                  className={({ isActive }) =>
                    classNames(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-indigo-600',
                      isActive
                        ? 'bg-indigo-50 text-indigo-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              onClose();
              onLogout();
            }}
            className="mt-auto flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            <LogOut aria-hidden="true" className="size-5" />
            {content.logoutLabel}
          </button>
        </nav>
      </aside>
    </>
  );
}
