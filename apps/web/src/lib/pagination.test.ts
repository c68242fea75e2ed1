import { describe, expect, it } from 'vitest';
import { countPages, parsePageParam } from './pagination.ts';

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
