import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useDismiss } from '#/hooks/use-dismiss.ts';
import { classNames } from '#/lib/class-names.ts';

/**
 * - `menu`: the panel holds `role="menu"` lists (more than one when it has submenus), so the
 *   panel itself has no role; arrows, Home and End move between items, ArrowDown opens.
 * - `dialog`: a non-modal dialog named by `label`, e.g. a form applied with its own buttons.
 * - `region`: a labelled region the button discloses; no `aria-haspopup`, as ARIA has no
 *   popup type for it.
 */
export type PopoverKind = 'menu' | 'dialog' | 'region';

export interface PopoverControls {
  /** Focus goes back to the trigger unless `returnFocus` is false (e.g. a link that navigates). */
  close: (options?: { returnFocus?: boolean }) => void;
}

interface PopoverProps {
  kind: PopoverKind;
  /** The trigger's accessible name, and the panel's unless `panelLabel` names it. */
  label: string;
  /** The panel's name when the trigger's says more (e.g. 'Notifications, 3 unread'). */
  panelLabel?: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  triggerProps?: Pick<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'className' | 'aria-describedby' | 'disabled' | 'title'
  >;
  /** On the element that holds the trigger and the panel (always positioned). */
  className?: string;
  panelClassName?: string;
  /**
   * Names what the panel shows when it can show several things (a menu's submenus): when
   * it changes, focus moves in again as on opening, because the focused item is gone.
   */
  view?: string | null;
  /**
   * On a phone the panel opens as a sheet along the bottom of the screen, the whole width,
   * scrolling inside itself when taller than the screen allows (a list's filters).
   */
  sheetOnPhone?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  children?: ReactNode | ((controls: PopoverControls) => ReactNode);
}

/** The items of the app's menus, as a selector (the document viewer leaves their keys alone). */
export const MENU_ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const isChecked = (element: HTMLElement) =>
  element.getAttribute('aria-checked') === 'true' ||
  (element instanceof HTMLInputElement && element.checked);

/**
 * Where focus goes when the panel opens: the checked item (the choice in effect), else the
 * first item, else the first control, else the panel itself, so Tab and screen readers
 * start inside it.
 */
function focusInside(panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(MENU_ITEM)];
  const candidates = items.length > 0 ? items : [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  (candidates.find(isChecked) ?? candidates[0] ?? panel).focus();
}

/** Arrows wrap around; Home and End go to the ends. */
function moveAmongItems(event: KeyboardEvent<HTMLElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(MENU_ITEM)];
  const current = items.findIndex((item) => item === document.activeElement);
  const targets: Record<string, number> = {
    ArrowDown: (current + 1) % items.length,
    ArrowUp: (current - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const next = targets[event.key];
  if (next === undefined || items.length === 0) return;
  event.preventDefault();
  items[next]?.focus();
}

/** Room kept between a panel and the edges of the screen. */
const VIEWPORT_MARGIN = 8;

/** The phone's sheet: fixed to the bottom of the screen, as wide as it, scrolling inside. */
const sheetClassName =
  'max-sm:fixed max-sm:inset-x-0 max-sm:top-auto max-sm:bottom-0 max-sm:mt-0 max-sm:w-auto max-sm:min-w-0 max-sm:max-h-[85dvh] max-sm:overflow-y-auto max-sm:rounded-b-none max-sm:pb-[max(1rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-8px_24px_rgb(15_23_42/0.15)]';

/**
 * Keeps an open panel on screen: shifted sideways when it would cross an edge of the screen
 * (a menu opened near the edge of a phone), then scrolled into view when it opens below the
 * fold, so its buttons can be reached.
 */
function keepOnScreen(panel: HTMLElement): void {
  panel.style.translate = '';
  if (getComputedStyle(panel).position === 'fixed') return;
  const rect = panel.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  let shift = 0;
  if (rect.right > width - VIEWPORT_MARGIN) shift = width - VIEWPORT_MARGIN - rect.right;
  if (rect.left + shift < VIEWPORT_MARGIN) shift = VIEWPORT_MARGIN - rect.left;
  if (shift !== 0) panel.style.translate = `${Math.round(shift)}px 0`;
  if (rect.bottom > window.innerHeight) panel.scrollIntoView?.({ block: 'nearest' });
}

/**
 * A button that opens a panel beside it: menus, filter popups, dropdown panels. Escape
 * closes it and returns focus to the button; a press outside it, or focus moving out of it
 * (Tab), closes it and leaves focus where it went. The panel stays on screen (`keepOnScreen`),
 * or opens as a sheet on a phone (`sheetOnPhone`).
 */
export function Popover({
  kind,
  label,
  panelLabel = label,
  trigger,
  triggerProps,
  className,
  panelClassName,
  view = null,
  sheetOnPhone = false,
  onOpenChange,
  children,
}: PopoverProps) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  // State, not a ref: `close` goes to the panel's render function, and react-hooks/refs
  // forbids handing render code a function that reads a ref.
  const [triggerElement, setTriggerElement] = useState<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();

  const setOpen = (next: boolean) => {
    setIsOpen(next);
    onOpenChange?.(next);
  };
  const close: PopoverControls['close'] = ({ returnFocus = true } = {}) => {
    setOpen(false);
    if (returnFocus) triggerElement?.focus();
  };
  useDismiss(containerRef, (reason) => close({ returnFocus: reason === 'escape' }), isOpen);

  // Before paint, so a panel never shows across the edge first.
  useLayoutEffect(() => {
    if (isOpen && panelRef.current) keepOnScreen(panelRef.current);
  }, [isOpen, view]);
  useEffect(() => {
    if (isOpen && panelRef.current) focusInside(panelRef.current);
  }, [isOpen, view]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // A null relatedTarget is focus leaving the page or a press on nothing focusable;
    // the outside-press check handles the latter.
    const to = event.relatedTarget;
    if (isOpen && to instanceof Node && !event.currentTarget.contains(to)) {
      close({ returnFocus: false });
    }
  };

  const panelProps = {
    id: panelId,
    tabIndex: -1,
    className: classNames(
      'absolute mt-2 focus:outline-none',
      panelClassName,
      sheetOnPhone && sheetClassName,
    ),
    children: typeof children === 'function' ? children({ close }) : children,
  };
  let panel: ReactNode = null;
  if (isOpen && kind === 'region') {
    panel = <section ref={panelRef} aria-label={panelLabel} {...panelProps} />;
  } else if (isOpen) {
    panel = (
      <div
        ref={(element) => {
          panelRef.current = element;
        }}
        role={kind === 'dialog' ? 'dialog' : undefined}
        aria-label={kind === 'dialog' ? panelLabel : undefined}
        onKeyDown={kind === 'menu' ? moveAmongItems : undefined}
        {...panelProps}
      />
    );
  }

  return (
    <div ref={containerRef} onBlur={onBlur} className={classNames('relative', className)}>
      <button
        ref={setTriggerElement}
        type="button"
        {...triggerProps}
        aria-label={label}
        aria-haspopup={kind === 'region' ? undefined : kind}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => (isOpen ? close({ returnFocus: false }) : setOpen(true))}
        onKeyDown={(event) => {
          // WAI-ARIA menu button: ArrowDown opens the menu.
          if (kind === 'menu' && event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </button>
      {panel}
    </div>
  );
}
