import type { ReactNode } from 'react';

/**
 * The label-over-value grid of the business screens (the full details and the manage screen):
 * a `dl` whose items are `DetailItem`s.
 */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>;
}

/** One label and its value; `action` (an Edit button, say) sits at the value's right. */
export function DetailItem({
  label,
  children,
  action,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 flex items-start justify-between gap-3 text-sm break-words text-slate-900">
        <div className="min-w-0 flex-1">{children}</div>
        {action}
      </dd>
    </div>
  );
}

export interface DetailRow {
  label: string;
  value: string;
  /** Set when the value is a web address worth opening. */
  href?: string | undefined;
}

/** A `DetailList` of label-and-value rows; a row with `href` opens it in a new tab. */
export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <DetailList>
      {rows.map(({ label, value, href }) => (
        <DetailItem key={label} label={label}>
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              // A target of at least 24 px (WCAG 2.5.8) that takes no more room in the row.
              className="-my-1 inline-block max-w-full py-1 break-all text-indigo-600 hover:underline"
            >
              {value}
            </a>
          ) : (
            value
          )}
        </DetailItem>
      ))}
    </DetailList>
  );
}
