import { useRef, type MouseEvent, type ReactNode } from 'react';
import { emptyStateTexts } from '@fd/contract';
import { useShortcut } from '#/hooks/use-shortcut.ts';
import { classNames } from '#/lib/class-names.ts';
import { scrollBoxFocusClassName, useKeyboardScroll } from './keyboard-scroll.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export interface DataTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /**
   * Long values (and the header) wrap instead of widening the table, so that every column fits
   * at 1280 px (docs/product.md §10.2); others stay on one line.
   */
  wrap?: boolean;
  /** The header sorts the list: a button in it, the column's order stated by `aria-sort`. */
  sort?: ColumnSort | undefined;
}

/**
 * A header that orders its list (docs/product.md §11.5): the order it is in now, if any, and
 * what a press does (the caller's choice, e.g. ascending first, then the other way).
 */
export interface ColumnSort {
  direction: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}

/** The arrow beside a sorting header: the order it is in, or both ways when it is not. */
function SortArrow({ direction }: { direction: ColumnSort['direction'] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 shrink-0">
      {direction !== 'descending' && (
        <path
          d="M6 2 9 5.5H3z"
          className={direction === 'ascending' ? 'fill-indigo-600' : 'fill-slate-400'}
        />
      )}
      {direction !== 'ascending' && (
        <path
          d="M6 10 3 6.5h6z"
          className={direction === 'descending' ? 'fill-indigo-600' : 'fill-slate-400'}
        />
      )}
    </svg>
  );
}

/** docs/product.md §8: the empty state of every list. */
export const EMPTY_TABLE_TEXT = emptyStateTexts.table;

/** What the body shows instead of rows; rows show when it is undefined. */
export type DataTableState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry?: ListRetry | undefined }
  | { kind: 'empty'; message?: string };

/** A failed list's 'Try again' (docs/product.md §10.2). */
export interface ListRetry {
  onRetry: () => void;
  isRetrying: boolean;
}

/**
 * The body of a list that loads page by page: an error wins; then a spinner
 * until there are rows to show (the previous page's count while the next
 * loads); then the empty text.
 */
export function listTableState({
  isPending,
  isPlaceholderData,
  error,
  rowCount,
  retry,
}: {
  isPending: boolean;
  isPlaceholderData: boolean;
  /** The message to show when loading failed. */
  error: string | null;
  rowCount: number;
  /** Offered with the error. */
  retry?: ListRetry;
}): DataTableState | undefined {
  if (error !== null) return { kind: 'error', message: error, retry };
  if (isPending || (isPlaceholderData && rowCount === 0)) return { kind: 'loading' };
  if (rowCount === 0) return { kind: 'empty' };
  return undefined;
}

/**
 * Ticking rows (a checkbox column before the others): each box is named by `rowLabel`, a click
 * passes whether Shift was held, and the header's box ticks the page.
 */
export interface DataTableSelection<Row> {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row, options: { shift: boolean }) => void;
  /** The box's accessible name, e.g. 'Select Acme Inc'. */
  rowLabel: (row: Row) => string;
  /** The header's box: ticked, mixed, or not. */
  pageState: 'all' | 'some' | 'none';
  onTogglePage: () => void;
  pageLabel: string;
}

const checkboxClassName = 'size-4 cursor-pointer rounded border-slate-300 accent-indigo-600';

interface DataTableProps<Row> {
  /** Names the table for screen readers. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  state?: DataTableState | undefined;
  /** A click or Enter on a row; rows are then focusable, and `j`/`k` move among them. */
  onRowActivate?: (row: Row) => void;
  /** The row the keyboard (or Tab) is on: what the command menu's actions act on. */
  onRowHighlight?: (row: Row) => void;
  /** Rows being replaced by the next page: dimmed and marked busy. */
  isStale?: boolean;
  /**
   * While loading, the body keeps the height of this many one-line rows, so the rows that
   * arrive do not push what is under the table down the page (a layout shift).
   */
  loadingRows?: number;
  /** On the box around the table (e.g. hidden on a phone, where a card list shows the rows). */
  className?: string;
  /** Rows can be ticked: a checkbox column comes first. */
  selection?: DataTableSelection<Row> | undefined;
}

/** What a list shows instead of rows: a spinner, the empty text, or the error (an alert). */
export function ListStateContent({ state }: { state: DataTableState }) {
  return state.kind === 'loading' ? (
    <span className="inline-flex text-indigo-600">
      <Spinner label="Loading" className="size-7" />
    </span>
  ) : state.kind === 'error' ? (
    <div className="flex flex-col items-center gap-3">
      <p role="alert" className="text-red-600">
        {state.message}
      </p>
      {state.retry && (
        <Button
          variant="secondary"
          isLoading={state.retry.isRetrying}
          loadingText="Trying again..."
          onClick={state.retry.onRetry}
        >
          Try again
        </Button>
      )}
    </div>
  ) : (
    <p className="text-slate-500">{state.message ?? EMPTY_TABLE_TEXT}</p>
  );
}

/** A one-line row: 0.75 rem of padding above and below text-sm's 1.25 rem line. */
const ROW_HEIGHT_REM = 2.75;

/** A list table with alternate row colours, row activation, and its loading/empty/error body. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  state,
  onRowActivate,
  onRowHighlight,
  isStale = false,
  loadingRows,
  className,
  selection,
}: DataTableProps<Row>) {
  // A wide table scrolls sideways on a phone; without focusable rows, the keyboard needs the box.
  const scroll = useKeyboardScroll<HTMLDivElement>();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusableRows = () => [
    ...(bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr[tabindex]') ?? []),
  ];
  // `j`/`k` move the focus, which is the highlight (docs/product.md §12.3); from outside the
  // table they start at its first or last row.
  const moveHighlight = (step: 1 | -1) => {
    const elements = focusableRows();
    if (elements.length === 0) return false;
    const at = elements.findIndex((element) => element === document.activeElement);
    const next =
      at === -1
        ? step === 1
          ? 0
          : elements.length - 1
        : Math.min(Math.max(at + step, 0), elements.length - 1);
    elements[next]?.focus();
  };
  const keyboard = Boolean(onRowActivate) && !state;
  useShortcut('list-next', () => moveHighlight(1), keyboard);
  useShortcut('list-previous', () => moveHighlight(-1), keyboard);
  useShortcut(
    'list-open',
    () => {
      const at = focusableRows().findIndex((element) => element === document.activeElement);
      const row = rows[at];
      if (at === -1 || row === undefined) return false;
      onRowActivate?.(row);
    },
    keyboard,
  );

  return (
    <div
      {...scroll}
      role="group"
      aria-label={label}
      className={classNames('relative overflow-x-auto', scrollBoxFocusClassName, className)}
    >
      {isStale && (
        <span className="absolute top-2.5 right-3 inline-flex text-indigo-600">
          <Spinner label="Loading" />
        </span>
      )}
      <table aria-label={label} aria-busy={isStale || state?.kind === 'loading'} className="w-full">
        <thead className="bg-slate-50">
          <tr>
            {selection && (
              <th scope="col" className="w-px py-3 pl-4">
                <input
                  type="checkbox"
                  aria-label={selection.pageLabel}
                  className={checkboxClassName}
                  checked={selection.pageState === 'all'}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.pageState === 'some';
                  }}
                  onChange={selection.onTogglePage}
                />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={column.sort?.direction}
                className={classNames(
                  'px-3 py-3 text-left align-bottom text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-4 last:pr-4',
                  !column.wrap && 'whitespace-nowrap',
                )}
              >
                {column.sort ? (
                  <button
                    type="button"
                    onClick={column.sort.onSort}
                    className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 text-left tracking-wide uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    {column.header}
                    <SortArrow direction={column.sort.direction} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          ref={bodyRef}
          className={classNames(
            'text-sm text-slate-700 transition-opacity',
            isStale && 'opacity-60',
          )}
        >
          {state ? (
            <tr>
              <td
                colSpan={columns.length + (selection ? 1 : 0)}
                className="px-4 py-12 text-center"
                style={
                  state.kind === 'loading' && loadingRows
                    ? { height: `${loadingRows * ROW_HEIGHT_REM}rem` }
                    : undefined
                }
              >
                <ListStateContent state={state} />
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                tabIndex={onRowActivate ? 0 : undefined}
                onClick={onRowActivate ? () => onRowActivate(row) : undefined}
                onFocus={
                  onRowHighlight
                    ? (event) => {
                        if (event.target === event.currentTarget) onRowHighlight(row);
                      }
                    : undefined
                }
                className={classNames(
                  'border-t border-slate-100 odd:bg-white even:bg-slate-50',
                  onRowActivate &&
                    'cursor-pointer hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                )}
              >
                {selection && (
                  <td className="w-px py-3 pl-4">
                    <input
                      type="checkbox"
                      aria-label={selection.rowLabel(row)}
                      className={checkboxClassName}
                      checked={selection.isSelected(row)}
                      // The click, not the change, knows whether Shift was held; a box is not the row.
                      onClick={(event: MouseEvent<HTMLInputElement>) => {
                        event.stopPropagation();
                        selection.onToggle(row, { shift: event.shiftKey });
                      }}
                      onKeyDown={(event) => event.stopPropagation()}
                      onChange={() => undefined}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={classNames(
                      'px-3 py-3 first:pl-4 last:pr-4',
                      column.wrap ? 'min-w-24' : 'whitespace-nowrap',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
