import type { RefObject } from 'react';
import { Menu } from 'lucide-react';
import { iconButtonClassName } from './icon-button.ts';
import { SIDE_MENU_ID } from './side-nav.tsx';

/** What a layout's top bar needs to open the side menu (small screens) and the logout dialog. */
export interface MenuControls {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/** The small-screen button that slides the side menu in. */
export function MenuButton({ isMenuOpen, onOpenMenu, menuButtonRef }: MenuControls) {
  return (
    <button
      ref={menuButtonRef}
      type="button"
      aria-label="Open menu"
      aria-controls={SIDE_MENU_ID}
      aria-expanded={isMenuOpen}
      onClick={onOpenMenu}
      className={`${iconButtonClassName} md:hidden`}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
}
