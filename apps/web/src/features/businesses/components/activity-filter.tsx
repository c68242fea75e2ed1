import { useEffect, useId, useRef, useState } from 'react';
import { Activity, ChevronDown } from 'lucide-react';
import { activityFilterOptions, activityStatusFilterOptions } from '@fd/contract';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { useDismiss } from '../../../hooks/use-dismiss.ts';
import {
  noActivityFilter,
  type ActivityFilter as ActivityFilterValue,
} from '../business-list-view.ts';

export const ACTIVITY_FILTER_LABEL = 'Filter by activity';

interface ActivityFilterProps {
  value: ActivityFilterValue;
  onApply: (value: ActivityFilterValue) => void;
  /** Set when the list already fixes the activity (the Processing tab): the button is disabled and says why. */
  disabledReason?: string | undefined;
}

const isEmpty = ({ activity, status }: ActivityFilterValue) => activity === null && status === null;

/** `Tax EIN · Pending`, `Tax EIN`, `Pending`; null when nothing is chosen. */
export const describeActivityFilter = ({ activity, status }: ActivityFilterValue) =>
  [activity, status].filter(Boolean).join(' · ') || null;

interface RadioGroupProps<Option extends string> {
  legend: string;
  options: readonly Option[];
  checked: Option | null;
  onChange: (option: Option) => void;
}

function RadioGroup<Option extends string>({
  legend,
  options,
  checked,
  onChange,
}: RadioGroupProps<Option>) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {legend}
      </legend>
      <div className="space-y-1">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-700 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={checked === option}
              onChange={() => onChange(option)}
              className="size-4 accent-indigo-600"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The filter-by-activity popup (SPEC.md §2, §9): an activity and a status, each
 * optional; Apply is disabled while both are empty (SPEC.md §5); Clear removes both.
 */
export function ActivityFilter({ value, onApply, disabledReason }: ActivityFilterProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<ActivityFilterValue>(value);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const summaryId = useId();
  const summary = disabledReason ? null : describeActivityFilter(value);

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  useDismiss(containerRef, (reason) => close(reason === 'escape'), isOpen);

  useEffect(() => {
    if (!isOpen) return;
    const radios = [...(panelRef.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
  }, [isOpen]);

  const open = () => {
    setDraft(value);
    setIsOpen(true);
  };

  const apply = (next: ActivityFilterValue) => {
    close(true);
    if (next.activity !== value.activity || next.status !== value.status) onApply(next);
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={ACTIVITY_FILTER_LABEL}
        aria-describedby={summary ? summaryId : undefined}
        aria-haspopup="dialog"
        disabled={disabledReason !== undefined}
        title={disabledReason}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => (isOpen ? close(false) : open())}
        className={buttonClassName(summary ? 'primary' : 'secondary', 'px-3 py-2')}
      >
        <Activity aria-hidden="true" className="size-4" />
        <span>{ACTIVITY_FILTER_LABEL}</span>
        {summary && (
          <span
            id={summaryId}
            aria-hidden="true"
            className="max-w-48 truncate rounded bg-white/20 px-1.5 font-normal"
          >
            {summary}
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {isOpen && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={ACTIVITY_FILTER_LABEL}
          className="absolute left-0 z-30 mt-2 w-72 rounded-xl sm:right-0 sm:left-auto border border-slate-200 bg-white p-4 shadow-lg"
        >
          <div className="space-y-4">
            <RadioGroup
              legend="Activity"
              options={activityFilterOptions}
              checked={draft.activity}
              onChange={(activity) => setDraft((current) => ({ ...current, activity }))}
            />
            <RadioGroup
              legend="Status"
              options={activityStatusFilterOptions}
              checked={draft.status}
              onChange={(status) => setDraft((current) => ({ ...current, status }))}
            />
          </div>
          <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-4">
            <Button
              variant="secondary"
              className="px-3 py-2"
              onClick={() => {
                setDraft(noActivityFilter);
                apply(noActivityFilter);
              }}
            >
              Clear
            </Button>
            <Button className="px-3 py-2" disabled={isEmpty(draft)} onClick={() => apply(draft)}>
              Apply
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
