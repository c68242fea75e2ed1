import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import type { BusinessSearchResult } from '@fd/contract';
import { paths } from '#/config/paths.ts';
import { useCommandState } from '#/hooks/use-commands.ts';
import { useDismiss } from '#/hooks/use-dismiss.ts';
import { setCommandMenuOpen, type Command } from '#/lib/commands.ts';
import { goToScreens } from '#/lib/shortcuts.ts';
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

/** The screens `g` goes to, as actions of the menu. */
const goToCommands: readonly Command[] = goToScreens.map((screen) => ({
  id: `go-${screen.letter}`,
  label: `Go to ${screen.name}`,
  to: screen.path,
}));

type Option =
  { kind: 'business'; business: BusinessSearchResult } | { kind: 'action'; command: Command };

/**
 * The top bar's search and command menu: a quick jump to one business by its name, its owner's
 * name or email (docs/product.md §10.2), and the actions of lib/commands.ts — go to a screen,
 * open a saved view, assign to me (§12.3). Focused, the field offers the actions; typing filters
 * them and puts the businesses that match first. The arrows pick one, Enter or a click runs it,
 * Escape closes the list (a second Escape clears the field). `/` and Ctrl-K (⌘K) focus it from
 * anywhere. An ARIA 1.2 combobox: focus stays in the field, the list follows with
 * `aria-activedescendant`.
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
  const { commands } = useCommandState();
  const typed = text.trim().toLowerCase();
  const actions = useMemo(
    () =>
      [...goToCommands, ...commands].filter((command) =>
        command.label.toLowerCase().includes(typed),
      ),
    [commands, typed],
  );
  const options: Option[] = [
    ...matches.map((business) => ({ kind: 'business' as const, business })),
    ...actions.map((command) => ({ kind: 'action' as const, command })),
  ];
  const shown = open && (text.trim() !== '' || actions.length > 0);
  const activeOption = shown ? options[active] : undefined;

  useDismiss(rootRef, () => setOpen(false), shown);
  // What a feature offers only while the menu is open (saved views) is asked for then.
  useEffect(() => {
    setCommandMenuOpen(open);
    return () => setCommandMenuOpen(false);
  }, [open]);

  const choose = (option: Option) => {
    setText('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    if (option.kind === 'business') {
      void navigate(paths.fullBusinessDetails(option.business.uuid));
    } else if (option.command.to !== undefined) {
      void navigate(option.command.to);
    } else {
      option.command.run?.();
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: the arrows go round through it.
      setActive((current) => {
        const next = current + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Enter') {
      // Without a pick, what was typed opens its first match.
      const chosen = activeOption ?? (text.trim() !== '' && shown ? options[0] : undefined);
      if (chosen) {
        event.preventDefault();
        choose(chosen);
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

  const status =
    !shown || text.trim() === ''
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
    <div
      ref={rootRef}
      className={`relative ${className}`}
      // Tab out closes the list; a click on an option keeps the focus in the field.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
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
        aria-description="Jump to a business by name or email, or run an action. Press / or Control K."
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${id}-option-${active}` : undefined}
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
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="max-h-96 overflow-y-auto"
        >
          {shown && matches.length > 0 && (
            <ul role="group" aria-label="Businesses found">
              {matches.map((business, index) => (
                <OptionItem
                  key={business.uuid}
                  id={`${id}-option-${index}`}
                  selected={index === active}
                  onChoose={() => choose({ kind: 'business', business })}
                  onHover={() => setActive(index)}
                >
                  <span className="block truncate font-medium text-slate-900">
                    {business.business_name}
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    {ownerOf(business)} · {business.user.email}
                  </span>
                </OptionItem>
              ))}
            </ul>
          )}
          {shown && actions.length > 0 && (
            <ul
              role="group"
              aria-label="Actions"
              className={matches.length > 0 ? 'border-t border-slate-100' : undefined}
            >
              {actions.map((command, index) => {
                const at = matches.length + index;
                return (
                  <OptionItem
                    key={command.id}
                    id={`${id}-option-${at}`}
                    selected={at === active}
                    onChoose={() => choose({ kind: 'action', command })}
                    onHover={() => setActive(at)}
                  >
                    <span className="block truncate text-slate-900">{command.label}</span>
                  </OptionItem>
                );
              })}
            </ul>
          )}
        </div>
        <p role="status" className={status ? 'px-3 py-2 text-sm text-slate-500' : 'sr-only'}>
          {status}
        </p>
      </div>
    </div>
  );
}

function OptionItem({
  id,
  selected,
  onChoose,
  onHover,
  children,
}: {
  id: string;
  selected: boolean;
  onChoose: () => void;
  onHover: () => void;
  children: ReactNode;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      // Keeps the focus in the field: the click still runs the option.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={onHover}
      className={`cursor-pointer px-3 py-2 text-sm ${selected ? 'bg-indigo-50' : ''}`}
    >
      {children}
    </li>
  );
}
