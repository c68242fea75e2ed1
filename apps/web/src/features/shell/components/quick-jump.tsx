import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import type { BusinessSearchResult } from '@fd/contract';
import { paths } from '#/config/paths.ts';
import { useDismiss } from '#/hooks/use-dismiss.ts';
import { useBusinessSearch } from '../api/search-businesses.ts';

/** Typing pauses this long before a search is sent. */
const QUICK_JUMP_DEBOUNCE_MS = 150;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const ownerOf = (business: BusinessSearchResult) =>
  `${business.user.first_name} ${business.user.last_name}`.trim();

/**
 * The top bar's search: a quick jump to one business by its name, its owner's name or email
 * (docs/product.md §10.2). Matches show while typing; the arrows pick one, Enter or a click
 * opens it, Escape closes the list (a second Escape clears the field). `/` and Ctrl-K (⌘K)
 * focus it from anywhere. An ARIA 1.2 combobox: focus stays in the field, the list follows
 * with `aria-activedescendant`.
 */
export function QuickJump({
  className = '',
  initialText = '',
  autoFocus = false,
}: {
  className?: string;
  /** What was typed in the stand-in field before this loaded (`QuickJumpSlot`). */
  initialText?: string;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), QUICK_JUMP_DEBOUNCE_MS);
  const search = useBusinessSearch(open ? term : '');
  const matches = text.trim() === '' ? [] : (search.data ?? []);
  const shown = open && text.trim() !== '';
  const activeMatch = shown ? matches[active] : undefined;

  useDismiss(rootRef, () => setOpen(false), shown);

  const openBusiness = (business: BusinessSearchResult) => {
    setText('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(paths.fullBusinessDetails(business.uuid));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: the arrows go round through it.
      setActive((current) => {
        const next = current + step;
        return next >= matches.length ? -1 : next < -1 ? matches.length - 1 : next;
      });
    } else if (event.key === 'Enter') {
      const chosen = activeMatch ?? (matches.length > 0 && shown ? matches[0] : undefined);
      if (chosen) {
        event.preventDefault();
        openBusiness(chosen);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Stops here: a dialog or menu behind the field must not close too.
      event.stopPropagation();
      if (shown) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  const status = !shown
    ? ''
    : search.isError
      ? 'The search failed. Type again to retry.'
      : term !== text.trim() || search.isFetching
        ? matches.length > 0
          ? ''
          : 'Searching…'
        : matches.length === 0
          ? `No business matches “${text.trim()}”.`
          : '';

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        ref={inputRef}
        // Only when the stand-in field had the focus: the manager was already typing.
        autoFocus={autoFocus}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-description="Jump to a business by name or email. Press / or Control K to search."
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeMatch ? `${id}-option-${active}` : undefined}
        aria-keyshortcuts="/ Control+K"
        autoComplete="off"
        placeholder="Search businesses"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-12 pl-9 text-sm focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 text-xs text-slate-500"
      >
        /
      </kbd>
      <div
        className={`absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg ${shown ? '' : 'hidden'}`}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Businesses found"
          className="max-h-96 overflow-y-auto"
        >
          {shown &&
            matches.map((business, index) => (
              <li
                key={business.uuid}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the field: the click still opens the business.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openBusiness(business)}
                onMouseMove={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-indigo-50' : ''}`}
              >
                <span className="block truncate font-medium text-slate-900">
                  {business.business_name}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {ownerOf(business)} · {business.user.email}
                </span>
              </li>
            ))}
        </ul>
        <p role="status" className={status ? 'px-3 py-2 text-sm text-slate-500' : 'sr-only'}>
          {status}
        </p>
      </div>
    </div>
  );
}
