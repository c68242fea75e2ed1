import { useId, useState } from 'react';
import { Activity, ChevronDown } from 'lucide-react';
import { activityFilterOptions, activityStatusFilterOptions } from '@fd/contract';
import { Button, buttonClassName } from '#/components/ui/button.tsx';
import { Popover } from '#/components/ui/popover.tsx';
import {
  describeActivityFilter,
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

interface ActivityFilterPanelProps {
  value: ActivityFilterValue;
  onApply: (value: ActivityFilterValue) => void;
  close: () => void;
}

/** Mounted on each opening, so the draft starts from the applied filter and an unapplied one is dropped. */
function ActivityFilterPanel({ value, onApply, close }: ActivityFilterPanelProps) {
  const [draft, setDraft] = useState<ActivityFilterValue>(value);

  const apply = (next: ActivityFilterValue) => {
    close();
    if (next.activity !== value.activity || next.status !== value.status) onApply(next);
  };

  return (
    <>
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
      {/* In the phone's sheet, the buttons stay in sight while the choices scroll. */}
      <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-4 max-sm:sticky max-sm:-bottom-4 max-sm:bg-white max-sm:pb-1">
        <Button variant="secondary" className="px-3 py-2" onClick={() => apply(noActivityFilter)}>
          Clear
        </Button>
        <Button className="px-3 py-2" disabled={isEmpty(draft)} onClick={() => apply(draft)}>
          Apply
        </Button>
      </div>
    </>
  );
}

/**
 * The filter-by-activity popup (docs/product.md §2, §9): an activity and a status, each
 * optional; Apply is disabled while both are empty (docs/product.md §5); Clear removes both.
 */
export function ActivityFilter({ value, onApply, disabledReason }: ActivityFilterProps) {
  const summaryId = useId();
  const summary = disabledReason ? null : describeActivityFilter(value);

  return (
    <Popover
      kind="dialog"
      label={ACTIVITY_FILTER_LABEL}
      sheetOnPhone
      className="max-sm:min-w-0"
      triggerProps={{
        'aria-describedby': summary ? summaryId : undefined,
        disabled: disabledReason !== undefined,
        title: disabledReason,
        // On a phone: the width of its place in the filters' row, on one line, without the icon.
        className: buttonClassName(
          summary ? 'primary' : 'secondary',
          'px-3 py-2 max-sm:w-full max-sm:min-w-0 max-sm:whitespace-nowrap',
        ),
      }}
      trigger={
        <>
          <Activity aria-hidden="true" className="size-4 max-sm:hidden" />
          <span>{ACTIVITY_FILTER_LABEL}</span>
          {summary && (
            <span
              id={summaryId}
              aria-hidden="true"
              className="max-w-48 truncate rounded bg-indigo-800 px-1.5 font-normal"
            >
              {summary}
            </span>
          )}
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
      panelClassName="left-0 z-30 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:right-0 sm:left-auto"
    >
      {({ close }) => <ActivityFilterPanel value={value} onApply={onApply} close={close} />}
    </Popover>
  );
}
