import type { ReactNode } from 'react';

export interface StatusRow {
  key: string;
  name: string;
  /** The status badge and, where it can change, its picker. */
  control: ReactNode;
}

/** A list of steps, each with its status at the right (the manage screen, the mock-ups). */
export function StatusRows({ rows }: { rows: readonly StatusRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {rows.map(({ key, name, control }) => (
        <li
          key={key}
          aria-label={name}
          className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
        >
          <span className="text-sm font-medium text-slate-900">{name}</span>
          {control}
        </li>
      ))}
    </ul>
  );
}
