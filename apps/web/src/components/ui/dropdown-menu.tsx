import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { classNames } from '#/lib/class-names.ts';
import { Popover } from './popover.tsx';

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
  /** The menu's accessible name, e.g. 'Account menu', and the trigger's unless `triggerLabel`. */
  label: string;
  /**
   * The trigger's name when it shows text of its own (initials): the name must contain what
   * it shows (WCAG 2.5.3), e.g. 'NE, Account menu'.
   */
  triggerLabel?: string;
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

/** A menu button of links and actions. */
export function DropdownMenu({
  label,
  triggerLabel = label,
  trigger,
  triggerClassName,
  items,
}: DropdownMenuProps) {
  return (
    <Popover
      kind="menu"
      label={triggerLabel}
      panelLabel={label}
      trigger={trigger}
      triggerProps={{ className: triggerClassName }}
      panelClassName="right-0 z-40 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
    >
      {({ close }) => (
        <div role="menu" aria-label={label}>
          {items.map((item) => {
            const Icon = item.icon;
            const content = (
              <>
                {Icon && <Icon aria-hidden="true" className="size-4" />}
                {item.label}
              </>
            );
            return item.to ? (
              <Link
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                // The next screen takes focus; the trigger does not need it back.
                onClick={() => close({ returnFocus: false })}
                className={itemClassName(item.tone)}
              >
                {content}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
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
    </Popover>
  );
}
