import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  isRowSelected,
  pageSelectionState,
  selectedCount,
  toggleRow,
  togglePage,
  useRowSelection,
  type RowSelection,
} from './row-selection.ts';

const page1 = ['a', 'b', 'c', 'd', 'e'];
const page2 = ['f', 'g', 'h'];
const ticked = (selection: RowSelection) => [...selection.uuids].sort();

describe('row selection', () => {
  it('ticks and unticks one row, remembering it as the anchor', () => {
    const one = toggleRow(emptySelection, page1, 'b');
    expect(ticked(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ticked(toggleRow(one, page1, 'b'))).toEqual([]);
  });

  it('Shift-click ticks the range from the row last clicked, either way', () => {
    const start = toggleRow(emptySelection, page1, 'b');
    expect(ticked(toggleRow(start, page1, 'd', { shift: true }))).toEqual(['b', 'c', 'd']);
    const upwards = toggleRow(toggleRow(emptySelection, page1, 'e'), page1, 'c', { shift: true });
    expect(ticked(upwards)).toEqual(['c', 'd', 'e']);
  });

  it('Shift-click on a ticked row unticks the range; without an anchor it is a plain click', () => {
    const all = togglePage(emptySelection, page1);
    const anchored = toggleRow(all, page1, 'a');
    expect(ticked(toggleRow(anchored, page1, 'c', { shift: true }))).toEqual(['d', 'e']);
    expect(ticked(toggleRow(emptySelection, page1, 'c', { shift: true }))).toEqual(['c']);
  });

  it('keeps the rows of another page; a Shift range never reaches across pages', () => {
    const onFirst = toggleRow(toggleRow(emptySelection, page1, 'a'), page1, 'c', { shift: true });
    // On page 2 the anchor (c) is not on the page: the Shift-click ticks its row alone.
    const onSecond = toggleRow(onFirst, page2, 'g', { shift: true });
    expect(ticked(onSecond)).toEqual(['a', 'b', 'c', 'g']);
    expect(pageSelectionState(onSecond, page1)).toBe('some');
    expect(pageSelectionState(onSecond, page2)).toBe('some');
    expect(selectedCount(onSecond, 100)).toBe(4);
  });

  it('the header ticks the page, and unticks it once it is all ticked', () => {
    const some = toggleRow(emptySelection, page1, 'a');
    expect(pageSelectionState(some, page1)).toBe('some');
    const all = togglePage(some, page1);
    expect(pageSelectionState(all, page1)).toBe('all');
    expect(pageSelectionState(all, page2)).toBe('none');
    expect(ticked(togglePage(all, page1))).toEqual([]);
  });

  it('all matching counts the view, ticks every row, and a row unticked ends it', () => {
    const all: RowSelection = { ...togglePage(emptySelection, page1), allMatching: true };
    expect(selectedCount(all, 37)).toBe(37);
    expect(isRowSelected(all, 'h')).toBe(true);
    const less = toggleRow(all, page1, 'b');
    expect(less.allMatching).toBe(false);
    expect(ticked(less)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('starts again when the view changes, not when the page does', () => {
    const { result, rerender } = renderHook(({ view }) => useRowSelection(view), {
      initialProps: { view: 'tab=all' },
    });
    act(() => result.current.toggleRow(page1, 'a', false));
    act(() => result.current.toggleRow(page2, 'g', false));
    expect(ticked(result.current.selection)).toEqual(['a', 'g']);
    rerender({ view: 'tab=all' });
    expect(ticked(result.current.selection)).toEqual(['a', 'g']);
    rerender({ view: 'tab=pending' });
    expect(result.current.selection).toEqual(emptySelection);
    act(() => result.current.selectAllMatching());
    expect(result.current.selection.allMatching).toBe(true);
    act(() => result.current.clear());
    expect(result.current.selection).toEqual(emptySelection);
  });
});
