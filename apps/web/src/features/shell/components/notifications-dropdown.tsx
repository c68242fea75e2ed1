import { useId, useRef, useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { useDismiss } from '../../../hooks/use-dismiss.ts';
import { classNames } from '../../../lib/class-names.ts';
import { iconButtonClassName } from './icon-button.ts';

/** The bell of the top bar on wide screens, with its dropdown panel. */
export function NotificationsDropdown({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  useDismiss(
    containerRef,
    (reason) => {
      setIsOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
    isOpen,
  );

  return (
    <div ref={containerRef} className={classNames('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Notifications"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className={iconButtonClassName}
      >
        <Bell aria-hidden="true" className="size-5" />
      </button>
      {isOpen && (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="absolute right-0 z-40 mt-2 w-80 rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <h2 id={headingId} className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">
            Notifications
          </h2>
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <BellOff aria-hidden="true" className="size-8 text-slate-300" />
            <p className="mt-3 text-sm text-slate-500">You have no notifications available</p>
          </div>
        </section>
      )}
    </div>
  );
}
