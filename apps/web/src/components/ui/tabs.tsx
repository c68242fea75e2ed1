import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from '#/lib/class-names.ts';
import { formatCount } from '#/lib/format.ts';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /**
   * Shown beside the label; undefined while it is not known yet ('…'), null when it could not be
   * read ('—', named 'count unknown').
   */
  count?: number | null | undefined;
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers, e.g. 'Business status'. */
  label: string;
  items: readonly TabItem<Id>[];
  selectedId: Id;
  onSelect: (id: Id) => void;
  /**
   * What the strip sits on, so the phone's scroll shadows (index.css, `scroll-shadows-x`) are
   * covered in its colour: the page's grey, or a white card.
   */
  surface?: 'page' | 'card';
  /** The selected tab's content. */
  children: ReactNode;
}

/** A tab's accessible name is what it shows, its count included (WCAG 2.5.3, label in name). */
export const tabName = (item: Pick<TabItem<string>, 'label' | 'count'>): string =>
  item.count === undefined
    ? item.label
    : item.count === null
      ? `${item.label}, count unknown`
      : `${item.label} ${formatCount(item.count)}`;

/** The count as the tab shows it. */
const shownCount = (count: number | null | undefined): string =>
  count === undefined ? '…' : count === null ? '—' : formatCount(count);

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move between
 * tabs and select them. Each tab is named as it reads, 'Incorporated 12' (`tabName`).
 * Where the strip is narrower than its tabs (a phone, a narrow window) it scrolls sideways, with a shadow on each side that has more tabs, and
 * the selected tab is scrolled into view.
 */
export function Tabs<Id extends string>({
  label,
  items,
  selectedId,
  onSelect,
  surface = 'page',
  children,
}: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.id === selectedId),
  );

  // A tab chosen from the address (a link, Back) may start outside the phone's strip: the
  // strip alone scrolls to it, never the page.
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const tab = tabRefs.current[selectedIndex];
    if (!strip || !tab || strip.scrollWidth <= strip.clientWidth) return;
    const start = tab.offsetLeft - strip.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < strip.scrollLeft) strip.scrollLeft = start;
    else if (end > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = end - strip.clientWidth;
  }, [selectedIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const current = tabRefs.current.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const targets: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    const item = items[next];
    if (item) onSelect(item.id);
  };

  return (
    <div>
      <div
        ref={stripRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={classNames(
          // A shadow on each side that has more tabs, at any width the strip is too narrow for.
          'scroll-shadows-x flex gap-1 overflow-x-auto border-b border-slate-200',
          surface === 'card' && '[--scroll-cover:var(--color-white)]',
        )}
      >
        {items.map((item, index) => {
          const isSelected = index === selectedIndex;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={tabId(index)}
              type="button"
              role="tab"
              aria-label={tabName(item)}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
              className={classNames(
                '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                isSelected
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              <span>{item.label}</span>
              <span
                aria-hidden="true"
                className={classNames(
                  'min-w-6 rounded-full px-2 py-0.5 text-center text-xs tabular-nums',
                  isSelected ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-600',
                )}
              >
                {shownCount(item.count)}
              </span>
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={tabId(selectedIndex)}
        className="pt-4"
      >
        {children}
      </div>
    </div>
  );
}
