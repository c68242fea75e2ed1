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
}

/**
 * Previous / Next under a list (docs/product.md §5): Previous is disabled on page 1 or
 * while loading; Next on the last page and while loading.
 */
export function Pagination({
  page,
  totalCount,
  totalIsExact = true,
  pageSize,
  isBusy,
  onPageChange,
}: PaginationProps) {
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
      <div className="flex gap-2">
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
