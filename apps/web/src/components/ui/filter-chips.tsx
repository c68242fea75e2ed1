import { useEffectEvent, useLayoutEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { buttonClassName } from './button.tsx';

interface FilterChip {
  id: string;
  /** What the chip reads: `Country: UK`, `Paid`. */
  label: string;
}

interface FilterChipsProps {
  /** Names the list of chips. */
  label: string;
  chips: readonly FilterChip[];
  onRemove: (id: string) => void;
  onClear: () => void;
  /** Where focus goes once the last chip is gone (a removed chip's button takes focus with it). */
  onEmptied: () => void;
}

const chipClassName =
  'inline-flex min-h-8 items-center gap-1.5 rounded-full border border-indigo-200 bg-indigo-50 py-1 pr-2 pl-3 text-sm text-indigo-900 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The filters a list applies, each a button that removes it ("Remove Country: UK"), and
 * 'Clear filters' (docs/product.md §11.2). Nothing is shown while no filter applies. A chip
 * removed from the keyboard hands focus to the chip now in its place, else the one before it,
 * else `onEmptied`'s choice.
 */
export function FilterChips({ label, chips, onRemove, onClear, onEmptied }: FilterChipsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  /** The index of the chip just removed, until the chips have changed. */
  const focusAfter = useRef<number | null>(null);
  const shown = chips.map((chip) => chip.id).join(' ');
  const focusEmptied = useEffectEvent(onEmptied);

  useLayoutEffect(() => {
    const index = focusAfter.current;
    if (index === null) return;
    focusAfter.current = null;
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else focusEmptied();
  }, [shown]);

  if (chips.length === 0) return null;

  const remove = (index: number, id: string) => {
    focusAfter.current = index;
    onRemove(id);
  };

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
      <ul ref={listRef} aria-label={label} className="flex flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <button
              type="button"
              aria-label={`Remove ${chip.label}`}
              onClick={() => remove(index, chip.id)}
              className={chipClassName}
            >
              {chip.label}
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          focusAfter.current = 0;
          onClear();
        }}
        className={buttonClassName('ghost', 'min-h-8 px-2 py-1')}
      >
        Clear filters
      </button>
    </div>
  );
}
