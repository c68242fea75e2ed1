import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { useIdle } from '#/hooks/use-idle.ts';

const QuickJump = lazy(async () => ({ default: (await import('./quick-jump.tsx')).QuickJump }));

/**
 * The top bar's search (docs/product.md §10.2). Its code loads once the screen is idle, or as
 * soon as the field is focused, so it adds nothing to a screen's first download
 * (docs/decisions/052-the-first-render-and-the-secondary-work.md); until then a field that looks
 * the same stands in, and what is typed there carries over.
 */
/** A key that should reach the page, not a field: `/` typed in a field is text. */
function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function QuickJumpSlot({ className = '' }: { className?: string }) {
  const idle = useIdle();
  const slotRef = useRef<HTMLDivElement>(null);

  // `/` (outside a field) and Ctrl-K (⌘K) focus the field, loaded or standing in.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (ctrlK || (slash && !typingInField(event.target))) {
        const field = slotRef.current?.querySelector('input');
        if (!field || field.offsetParent === null) return;
        event.preventDefault();
        field.focus();
        field.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const [typed, setTyped] = useState<{ text: string; focused: boolean } | null>(null);
  const standIn = (
    <div className={`relative ${className}`}>
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
    <div ref={slotRef} className="contents">
      {!idle && !typed ? (
        standIn
      ) : (
        <Suspense fallback={standIn}>
          <QuickJump
            className={className}
            initialText={typed?.text ?? ''}
            autoFocus={typed?.focused ?? false}
          />
        </Suspense>
      )}
    </div>
  );
}
