import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Search } from 'lucide-react';
import { useIdle } from '#/hooks/use-idle.ts';
import { useShortcut } from '#/hooks/use-shortcut.ts';

const QuickJump = lazy(async () => ({ default: (await import('./quick-jump.tsx')).QuickJump }));

/**
 * The top bar's search (docs/product.md §10.2). Its code loads once the screen is idle, or as
 * soon as the field is focused, so it adds nothing to a screen's first download
 * (docs/decisions/052-the-first-render-and-the-secondary-work.md); until then a field that looks
 * the same stands in, and what is typed there carries over.
 */
export function QuickJumpSlot({ className = '' }: { className?: string }) {
  const idle = useIdle();
  const slotRef = useRef<HTMLDivElement>(null);

  // On a phone the top bar has no room for the field: a shortcut shows it over the bar until
  // the focus leaves it.
  const [summoned, setSummoned] = useState(false);
  // `/` (outside a field) and Ctrl-K (⌘K) focus the field, loaded or standing in
  // (docs/product.md §12.3).
  const focusField = () => {
    flushSync(() => setSummoned(true));
    const field = slotRef.current?.querySelector('input');
    if (!field) return false;
    field.focus();
    field.select();
  };
  useShortcut('search', focusField);
  useShortcut('command-menu', focusField);
  const shownClassName = summoned
    ? `${className} max-sm:fixed max-sm:inset-x-3 max-sm:top-3 max-sm:z-40 max-sm:block`
    : className;

  const [typed, setTyped] = useState<{ text: string; focused: boolean } | null>(null);
  const standIn = (
    <div className={`relative ${shownClassName}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        role="combobox"
        aria-label="Search"
        aria-expanded={false}
        autoComplete="off"
        placeholder="Search businesses"
        value={typed?.text ?? ''}
        onFocus={() => setTyped((current) => ({ text: current?.text ?? '', focused: true }))}
        onChange={(event) => setTyped({ text: event.target.value, focused: true })}
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-12 pl-9 text-sm focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
    </div>
  );
  return (
    <div
      ref={slotRef}
      className="contents"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setSummoned(false);
      }}
    >
      {!idle && !typed ? (
        standIn
      ) : (
        <Suspense fallback={standIn}>
          <QuickJump
            className={shownClassName}
            initialText={typed?.text ?? ''}
            autoFocus={typed?.focused ?? false}
          />
        </Suspense>
      )}
    </div>
  );
}
