/** docs/product.md §5: the total count divided by the page size, rounded up. */
export const countPages = (totalCount: number, pageSize: number): number =>
  Math.ceil(Math.max(0, totalCount) / pageSize);

/** A page number from the address: a whole number from 1, else null ('abc', '0', '-1', '2.5'). */
export function parsePageParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}

/**
 * The page that holds the first row of `page` once pages hold `newSize` rows instead of
 * `oldSize`: a new page size keeps the rows the manager was reading in sight.
 */
export const pageHoldingFirstRow = (page: number, oldSize: number, newSize: number): number =>
  Math.floor(((page - 1) * oldSize) / newSize) + 1;
