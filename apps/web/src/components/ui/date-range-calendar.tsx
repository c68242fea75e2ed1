import { useState, type CSSProperties } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDayRange, parseIsoDay, toIsoDay, type DayRange } from '#/lib/format.ts';
import { Button } from './button.tsx';

interface DateRangeCalendarProps {
  /** The range applied so far, shown selected. */
  initialRange: DayRange | null;
  onApply: (range: DayRange) => void;
  onCancel: () => void;
}

const calendarColours = {
  '--rdp-accent-color': 'var(--color-indigo-600, #4f46e5)',
  '--rdp-accent-background-color': 'var(--color-indigo-50, #eef2ff)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
} as CSSProperties;

function toDateRange(range: DayRange | null): DateRange | undefined {
  const from = parseIsoDay(range?.from);
  const to = parseIsoDay(range?.to);
  return from && to ? { from, to } : undefined;
}

/**
 * A one-month range calendar (react-day-picker, `mode="range"`): the first day
 * clicked is a one-day range, a second one extends it. Days are the calendar
 * days the manager sees, sent as `YYYY-MM-DD`. Its own chunk: it loads when
 * the date filter is first opened.
 */
export function DateRangeCalendar({ initialRange, onApply, onCancel }: DateRangeCalendarProps) {
  const [selected, setSelected] = useState<DateRange | undefined>(() => toDateRange(initialRange));
  const from = selected?.from;
  const range: DayRange | null = from
    ? { from: toIsoDay(from), to: toIsoDay(selected.to ?? from) }
    : null;

  return (
    <div className="p-2">
      <DayPicker
        mode="range"
        autoFocus
        selected={selected}
        onSelect={setSelected}
        defaultMonth={selected?.from}
        style={calendarColours}
        className="text-sm"
      />
      <p className="px-1 pb-2 text-xs text-slate-500" aria-live="polite">
        {range ? formatDayRange(range) : 'Choose the first and the last day.'}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" className="px-3 py-2" onClick={onCancel}>
          Back
        </Button>
        <Button className="px-3 py-2" disabled={!range} onClick={() => range && onApply(range)}>
          Apply
        </Button>
      </div>
    </div>
  );
}
