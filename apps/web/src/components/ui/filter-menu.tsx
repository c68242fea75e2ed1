import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Check, ChevronDown, ChevronLeft, ChevronRight, ListFilter } from 'lucide-react';
import { classNames } from '#/lib/class-names.ts';
import { formatDayRange, type DayRange } from '#/lib/format.ts';
import { buttonClassName } from './button.tsx';
import { Popover, type PopoverControls } from './popover.tsx';
import { Spinner } from './spinner.tsx';

// The calendar and its date library load only when a date filter is opened.
const DateRangeCalendar = lazy(async () => ({
  default: (await import('./date-range-calendar.tsx')).DateRangeCalendar,
}));

export type FilterMenuOption =
  /** 'clear' removes the filter; 'instant' applies at once (e.g. Paid). */
  | { id: string; label: string; kind: 'clear' | 'instant' }
  /** Opens a list of values to pick one from (e.g. Country → USA, UK…). */
  | { id: string; label: string; kind: 'choice'; choices: readonly string[] }
  /** Opens a range calendar. */
  | { id: string; label: string; kind: 'date-range' };

/** The applied filter: an option's id, with the value it needs. */
export interface FilterSelection {
  id: string;
  choice?: string | undefined;
  range?: DayRange | undefined;
}

interface FilterMenuProps {
  /** The button's accessible name. */
  label: string;
  options: readonly FilterMenuOption[];
  /** The applied filters: at most one, or with `multiple` at most one per option. */
  value: readonly FilterSelection[];
  /** An option chosen, with its value; null for the 'clear' option. */
  onChange: (value: FilterSelection | null) => void;
  /**
   * The options apply together (docs/product.md §11.2): each is a checkbox item, checked while
   * applied; choosing an applied 'instant' option again removes it (`onRemove`), and choosing
   * another option's value adds it or replaces that option's value.
   */
  multiple?: { onRemove: (id: string) => void };
}

/** What the button shows beside its label: `Country: UK`, `Date: 01/05/2026 – 01/09/2026`, `Paid`. */
export function describeFilter(
  options: readonly FilterMenuOption[],
  value: FilterSelection | null,
): string | null {
  const option = value && options.find((candidate) => candidate.id === value.id);
  if (!value || !option || option.kind === 'clear') return null;
  if (value.range) return `${option.label}: ${formatDayRange(value.range)}`;
  if (value.choice) return `${option.label}: ${value.choice}`;
  return option.label;
}

const itemClassName =
  'flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/**
 * The list filter dropdown (docs/product.md §2): a menu of filter kinds, each applying
 * at once, opening its list of values, or opening a range calendar. The
 * button's name stays its label; the applied filters are its description. With several
 * applied, the button shows how many.
 */
export function FilterMenu({ label, options, value, onChange, multiple }: FilterMenuProps) {
  /** Null: the list of kinds; otherwise the option whose values or calendar are shown. */
  const [openedOption, setOpenedOption] = useState<FilterMenuOption | null>(null);
  const summaryId = useId();
  const descriptions = value.flatMap((selection) => describeFilter(options, selection) ?? []);
  const summary = descriptions.join(', ') || null;
  const appliedOf = (option: FilterMenuOption) =>
    value.find((selection) => selection.id === option.id);

  const panel = ({ close }: PopoverControls): ReactNode => {
    const apply = (selection: FilterSelection | null) => {
      close();
      onChange(selection);
    };

    const chooseOption = (option: FilterMenuOption) => {
      if (option.kind === 'clear') apply(null);
      else if (option.kind === 'instant' && multiple && appliedOf(option)) {
        close();
        multiple.onRemove(option.id);
      } else if (option.kind === 'instant') apply({ id: option.id });
      else setOpenedOption(option);
    };

    if (openedOption?.kind === 'date-range') {
      return (
        <div role="group" aria-label={openedOption.label}>
          <Suspense
            fallback={
              <div className="flex justify-center p-6 text-indigo-600">
                <Spinner label="Loading" />
              </div>
            }
          >
            <DateRangeCalendar
              initialRange={appliedOf(openedOption)?.range ?? null}
              onApply={(range) => apply({ id: openedOption.id, range })}
              onCancel={() => setOpenedOption(null)}
            />
          </Suspense>
        </div>
      );
    }
    if (openedOption?.kind === 'choice') {
      return (
        <div role="menu" aria-label={openedOption.label} className="py-1">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => setOpenedOption(null)}
            className={classNames(itemClassName, 'border-b border-slate-100 text-slate-500')}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Back
          </button>
          {openedOption.choices.map((choice) => {
            const isChecked = appliedOf(openedOption)?.choice === choice;
            return (
              <button
                key={choice}
                type="button"
                role="menuitemradio"
                aria-checked={isChecked}
                tabIndex={-1}
                onClick={() => apply({ id: openedOption.id, choice })}
                className={itemClassName}
              >
                <Check
                  aria-hidden="true"
                  className={classNames('size-4', isChecked ? 'text-indigo-600' : 'invisible')}
                />
                {choice}
              </button>
            );
          })}
        </div>
      );
    }
    return (
      <div role="menu" aria-label={label} className="py-1">
        {options.map((option) => {
          const isChecked =
            option.kind === 'clear' ? value.length === 0 : appliedOf(option) !== undefined;
          // Several apply at once: checkboxes; 'clear' is then an action, not a state.
          const role = !multiple
            ? 'menuitemradio'
            : option.kind === 'clear'
              ? 'menuitem'
              : 'menuitemcheckbox';
          return (
            <button
              key={option.id}
              type="button"
              role={role}
              aria-checked={role === 'menuitem' ? undefined : isChecked}
              aria-haspopup={option.kind === 'choice' || option.kind === 'date-range' || undefined}
              tabIndex={-1}
              onClick={() => chooseOption(option)}
              className={itemClassName}
            >
              <Check
                aria-hidden="true"
                className={classNames(
                  'size-4',
                  isChecked && role !== 'menuitem' ? 'text-indigo-600' : 'invisible',
                )}
              />
              <span className="flex-1">{option.label}</span>
              {(option.kind === 'choice' || option.kind === 'date-range') && (
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
              )}
            </button>
          );
        })}
      </div>
    );
  };

  return (
    <Popover
      kind="menu"
      label={label}
      view={openedOption?.id ?? null}
      sheetOnPhone
      className="max-sm:min-w-0"
      // Each opening starts on the list of kinds.
      onOpenChange={(isOpen) => {
        if (!isOpen) setOpenedOption(null);
      }}
      triggerProps={{
        'aria-describedby': summary ? summaryId : undefined,
        // On a phone: the width of its place in the filters' row, on one line.
        className: buttonClassName(
          summary ? 'primary' : 'secondary',
          'px-3 py-2 max-sm:w-full max-sm:min-w-0 max-sm:whitespace-nowrap',
        ),
      }}
      trigger={
        <>
          <ListFilter aria-hidden="true" className="size-4" />
          <span>{label}</span>
          {summary && (
            <>
              <span id={summaryId} hidden>
                {summary}
              </span>
              {/* Several: their count, listed in full in the description (and the list's chips). */}
              <span
                aria-hidden="true"
                className="max-w-56 truncate rounded bg-indigo-800 px-1.5 font-normal"
              >
                {descriptions.length > 1 ? descriptions.length : summary}
              </span>
            </>
          )}
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
      panelClassName="left-0 z-30 min-w-56 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      {panel}
    </Popover>
  );
}
