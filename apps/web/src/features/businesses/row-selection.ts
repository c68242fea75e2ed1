/**
 * The rows a manager has ticked on /business for a bulk action (docs/product.md §11.6): one
 * at a time, a range with Shift from the row last clicked, the page from the header, or every
 * row of the view ("select all N matching", the server then reads the view itself). Pure
 * functions here, and `useRowSelection`, which keeps them for one view: a new view (tab,
 * search, filters, page size) starts with nothing ticked; a new page keeps what was ticked.
 */
import { useState } from 'react';

export interface RowSelection {
  /** The rows ticked, across the pages seen. */
  readonly uuids: ReadonlySet<string>;
  /** The row last clicked: where a Shift-click's range starts. */
  readonly anchor: string | null;
  /** Every row of the view, not only those ticked (which stay for a return to the list). */
  readonly allMatching: boolean;
}

export const emptySelection: RowSelection = { uuids: new Set(), anchor: null, allMatching: false };

/** Whether `uuid` is ticked (every row is, once all matching are). */
export const isRowSelected = (selection: RowSelection, uuid: string) =>
  selection.allMatching || selection.uuids.has(uuid);

/**
 * A click on a row's box. Alone, it ticks or unticks that row. With Shift, and the row last
 * clicked on this page, every row from that one to this one takes the clicked row's new state.
 * Unticking a row while all matching are selected goes back to the rows ticked one by one.
 */
export function toggleRow(
  selection: RowSelection,
  pageUuids: readonly string[],
  uuid: string,
  { shift = false }: { shift?: boolean } = {},
): RowSelection {
  const select = !isRowSelected(selection, uuid);
  const uuids = new Set(selection.uuids);
  const from = shift && selection.anchor !== null ? pageUuids.indexOf(selection.anchor) : -1;
  const to = pageUuids.indexOf(uuid);
  const range =
    from >= 0 && to >= 0 ? pageUuids.slice(Math.min(from, to), Math.max(from, to) + 1) : [uuid];
  for (const row of range) {
    if (select) uuids.add(row);
    else uuids.delete(row);
  }
  return { uuids, anchor: uuid, allMatching: false };
}

/** The header's box: ticked when the whole page is, mixed when part of it is. */
export function pageSelectionState(
  selection: RowSelection,
  pageUuids: readonly string[],
): 'all' | 'some' | 'none' {
  const ticked = pageUuids.filter((uuid) => isRowSelected(selection, uuid)).length;
  if (ticked === 0 || pageUuids.length === 0) return 'none';
  return ticked === pageUuids.length ? 'all' : 'some';
}

/** A click on the header's box: the whole page ticked, or (when it all was) unticked. */
export function togglePage(selection: RowSelection, pageUuids: readonly string[]): RowSelection {
  const untick = pageSelectionState(selection, pageUuids) === 'all';
  const uuids = new Set(selection.uuids);
  for (const uuid of pageUuids) {
    if (untick) uuids.delete(uuid);
    else uuids.add(uuid);
  }
  return { uuids, anchor: null, allMatching: false };
}

/** How many rows the action would change: the view's total once all matching are selected. */
export const selectedCount = (selection: RowSelection, viewTotal: number | undefined) =>
  selection.allMatching && viewTotal !== undefined ? viewTotal : selection.uuids.size;

/**
 * The selection of one view, named by `viewKey`: it starts empty whenever the key changes (a new
 * tab, search, filter or page size), not when the page does.
 */
export function useRowSelection(viewKey: string) {
  const [state, setState] = useState({ viewKey, selection: emptySelection });
  // A new view: reset during render, so no frame shows the old view's ticks.
  const current = state.viewKey === viewKey ? state.selection : emptySelection;
  if (state.viewKey !== viewKey) setState({ viewKey, selection: emptySelection });
  const update = (next: (selection: RowSelection) => RowSelection) =>
    setState((previous) => ({
      viewKey,
      selection: next(previous.viewKey === viewKey ? previous.selection : emptySelection),
    }));
  return {
    selection: current,
    toggleRow: (pageUuids: readonly string[], uuid: string, shift: boolean) =>
      update((selection) => toggleRow(selection, pageUuids, uuid, { shift })),
    togglePage: (pageUuids: readonly string[]) =>
      update((selection) => togglePage(selection, pageUuids)),
    selectAllMatching: () => update((selection) => ({ ...selection, allMatching: true })),
    clear: () => update(() => emptySelection),
  };
}
