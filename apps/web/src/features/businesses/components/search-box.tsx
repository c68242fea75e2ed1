import { useEffect, useEffectEvent, useState } from 'react';
import { Search } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@fd/contract';
import { inputClassName } from '#/components/ui/text-field.tsx';

interface SearchBoxProps {
  label: string;
  /** The search in effect (from the address). */
  value: string;
  /** Called with the trimmed text once typing has paused for `delayMs`. */
  onSearch: (search: string) => void;
  delayMs?: number;
}

/**
 * A search input that reports its text after a pause (docs/product.md §9: 500 ms), so a
 * word typed is one call, not one per key. When the search changes from outside
 * (Back, a link), the box shows it.
 */
export function SearchBox({
  label,
  value,
  onSearch,
  delayMs = SEARCH_DEBOUNCE_MS,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    // Our own search coming back keeps what is typed (a trailing space, say); any other replaces it.
    if (text.trim() !== value.trim()) setText(value);
  }

  const report = useEffectEvent((search: string) => onSearch(search));
  useEffect(() => {
    const search = text.trim();
    if (search === value.trim()) return;
    const timer = setTimeout(() => report(search), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        aria-label={label}
        placeholder="Search by business, name or email"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        className={inputClassName(false, 'py-2 pl-9')}
      />
    </div>
  );
}
