import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../hooks/use-dismiss.ts';
import { classNames } from '../../lib/class-names.ts';

export interface DropdownMenuItem {
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** A link item… */
  to?: string;
  /** …or an action item. */
  onSelect?: () => void;
  tone?: 'default' | 'danger';
}

interface DropdownMenuProps {
  /** The trigger's accessible name, e.g. 'Account menu'. */
  label: string;
  /** What the trigger shows (initials, an icon…). */
  trigger: ReactNode;
  triggerClassName?: string;
  items: DropdownMenuItem[];
}

const itemClassName = (tone: DropdownMenuItem['tone']) =>
  classNames(
    'flex w-full items-center gap-3 px-4 py-2 text-left text-sm focus:outline-none',
    tone === 'danger'
      ? 'text-red-600 hover:bg-red-50 focus:bg-red-50'
      : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100',
  );

/** A menu button: arrows move between items, Escape and an outside click close it. */
export function DropdownMenu({ label, trigger, triggerClassName, items }: DropdownMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  useDismiss(containerRef, (reason) => close(reason === 'escape'), isOpen);

  useEffect(() => {
    if (isOpen) itemRefs.current[0]?.focus();
  }, [isOpen]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[(index + count) % count]?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    if (event.key === 'ArrowDown') focusItem(current + 1);
    else if (event.key === 'ArrowUp') focusItem(current - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(items.length - 1);
    else if (event.key === 'Tab') {
      setIsOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item, index) => {
            const Icon = item.icon;
            const content = (
              <>
                {Icon && <Icon aria-hidden="true" className="size-4" />}
                {item.label}
              </>
            );
            const setRef = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            return item.to ? (
              <Link
                key={item.label}
                ref={setRef}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                onClick={() => close(false)}
                className={itemClassName(item.tone)}
              >
                {content}
              </Link>
            ) : (
              <button
                key={item.label}
                ref={setRef}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect?.();
                }}
                className={itemClassName(item.tone)}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
