import { describe, expect, it } from 'vitest';
import { countPages, pageHoldingFirstRow, parsePageParam } from './pagination.ts';

describe('countPages (docs/product.md §5)', () => {
  it('divides the total by the page size, rounding up', () => {
    expect([0, 1, 10, 11, 20, 1234].map((total) => countPages(total, 10))).toEqual([
      0, 1, 1, 2, 2, 124,
    ]);
  });
});

describe('parsePageParam', () => {
  it('reads whole numbers from 1 and nothing else', () => {
    expect(['1', '12', '0', '-1', 'abc', '2.5', '', null, '1e3'].map(parsePageParam)).toEqual([
      1,
      12,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('pageHoldingFirstRow (docs/product.md §11.2)', () => {
  it('finds the page that holds the first row shown, at the new size', () => {
    // Page 3 of tens starts at row 21: page 1 of 25s, page 3 of tens again.
    expect(pageHoldingFirstRow(3, 10, 25)).toBe(1);
    expect(pageHoldingFirstRow(3, 25, 10)).toBe(6);
    expect(pageHoldingFirstRow(6, 10, 25)).toBe(3);
    expect(pageHoldingFirstRow(1, 100, 10)).toBe(1);
    expect(pageHoldingFirstRow(7, 50, 50)).toBe(7);
    expect(pageHoldingFirstRow(5, 10, 100)).toBe(1);
  });
});
