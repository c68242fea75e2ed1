import { useEffect, useEffectEvent } from 'react';
import { countPages } from '#/lib/pagination.ts';

/**
 * Moves a list to its last page (docs/product.md §5: total count / page size, rounded up)
 * when the address asks for one past the end: rows gone since, or a
 * hand-written address. `settled` is false while the shown data is still the
 * previous page's.
 */
export function useKeepPageInRange({
  totalCount,
  page,
  pageSize,
  settled,
  showPage,
}: {
  totalCount: number | undefined;
  page: number;
  pageSize: number;
  settled: boolean;
  showPage: (page: number) => void;
}): void {
  const totalPages = totalCount === undefined ? undefined : countPages(totalCount, pageSize);
  const showLastPage = useEffectEvent(showPage);
  useEffect(() => {
    if (settled && totalPages !== undefined && totalPages >= 1 && page > totalPages) {
      showLastPage(totalPages);
    }
  }, [settled, totalPages, page]);
}
