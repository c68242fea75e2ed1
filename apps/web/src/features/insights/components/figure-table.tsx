import type { ReactNode } from 'react';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { classNames } from '#/lib/class-names.ts';

interface FigureTableProps {
  caption: string;
  /** The first column's header, then one per figure column. */
  headers: readonly string[];
  /** Each row: its header cell (first column), then its figures. */
  rows: ReadonlyArray<{ key: string; header: ReactNode; cells: readonly ReactNode[] }>;
}

/**
 * The numbers behind a chart, as a table everyone can read, a screen reader too
 * (docs/product.md §12.4). A table wider than a phone scrolls sideways, by keyboard as well.
 */
export function FigureTable({ caption, headers, rows }: FigureTableProps) {
  const scroll = useKeyboardScroll<HTMLDivElement>();
  return (
    <div
      {...scroll}
      role="region"
      aria-label={caption}
      className={classNames('overflow-x-auto', scrollBoxFocusClassName)}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={classNames(
                  'px-3 py-2 font-medium whitespace-nowrap',
                  index > 0 && 'text-right',
                )}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                {row.header}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className="px-3 py-2 text-right text-slate-700 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
