import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount, formatResultCount } from '#/lib/format.ts';
import { countPages } from '#/lib/pagination.ts';
import { Button } from './button.tsx';

interface PaginationProps {
  page: number;
  /** Undefined while the first answer is still out (or it failed). */
  totalCount: number | undefined;
  /** False when `totalCount` is a lower bound (the API's `total_count_exact`): "1,000+". */
  totalIsExact?: boolean;
  pageSize: number;
  /** A page is loading: both buttons wait for it. */
  isBusy: boolean;
  onPageChange: (page: number) => void;
  /** Offers these page sizes in a 'Rows per page' select (docs/product.md §11.2). */
  pageSizes?: { options: readonly number[]; onChange: (pageSize: number) => void };
}

/**
 * Previous / Next under a list (docs/product.md §5): Previous is disabled on page 1 or
 * while loading; Next on the last page and while loading. With `pageSizes`, a 'Rows per
 * page' select beside them.
 */
export function Pagination({
  page,
  totalCount,
  totalIsExact = true,
  pageSize,
  isBusy,
  onPageChange,
  pageSizes,
}: PaginationProps) {
  const pageSizeId = useId();
  const more = totalIsExact ? '' : '+';
  const totalPages = totalCount === undefined ? undefined : countPages(totalCount, pageSize);
  const canGoBack = page > 1 && !isBusy;
  const canGoForward = totalPages !== undefined && page < totalPages && !isBusy;

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
    >
      <p aria-live="polite" className="flex flex-wrap items-center gap-x-3">
        {totalCount !== undefined && (
          <span className="font-medium text-slate-900">
            {formatResultCount(totalCount, totalIsExact)}
          </span>
        )}
        <span>
          {totalPages === undefined
            ? `Page ${formatCount(page)}`
            : `Page ${formatCount(page)} of ${formatCount(Math.max(1, totalPages))}${more}`}
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizes && (
          // On a phone the select has its line, and Previous and Next share the next.
          <div className="mr-2 flex items-center gap-2 max-sm:w-full">
            <label htmlFor={pageSizeId}>Rows per page</label>
            <select
              id={pageSizeId}
              value={pageSize}
              onChange={(event) => pageSizes.onChange(Number(event.target.value))}
              className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {pageSizes.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button
          variant="secondary"
          className="px-3 py-2"
          disabled={!canGoBack}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-2"
          disabled={!canGoForward}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
