import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useLayer } from '#/hooks/use-shortcut.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop, or the caller's own Cancel. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** An illustration above the title. */
  icon?: ReactNode;
  /** The buttons (and any other content) under the text. */
  children?: ReactNode;
  /** While busy, Escape and the backdrop do not close the dialog. */
  isBusy?: boolean;
  /** `wide`: a panel for content that wants the room (the document viewer), text to the left. */
  size?: 'default' | 'wide';
  /**
   * Keys pressed inside the panel, before its own Tab handling (the viewer's shortcuts). Keys
   * pressed in a dialog opened from this one reach it too, through React's tree.
   */
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
}

/** A modal dialog: focus moves in and is kept inside, Escape closes, focus returns on close. */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  icon,
  children,
  isBusy = false,
  size = 'default',
  onKeyDown,
}: Omit<DialogProps, 'open'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Escape closes the dialog when it is the top layer (a menu opened in it closes first).
  useLayer(true, () => {
    if (!isBusy) onClose();
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Keep Tab and Shift+Tab inside the dialog.
  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !isBusy) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) trapFocus(event);
        }}
        className={
          size === 'wide'
            ? 'max-h-full w-full max-w-4xl overflow-y-auto rounded-2xl bg-white p-4 text-left shadow-xl focus:outline-none sm:p-6'
            : 'w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none'
        }
      >
        {icon && <div className="mb-4 flex justify-center">{icon}</div>}
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-slate-600">
            {description}
          </div>
        )}
        {children && <div className="mt-6">{children}</div>}
      </div>
    </div>
  );
}
