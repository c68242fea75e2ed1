import { describe, expect, it } from 'vitest';
import { bulkActionBody, selectAllOffer } from './bulk-actions.ts';
import { parseBusinessListView } from './business-list-view.ts';
import { emptySelection, toggleRow } from './row-selection.ts';

describe('bulk actions', () => {
  it('offers every row of the view up to 1,000, the limit beyond, nothing when the page is all', () => {
    expect(selectAllOffer({ count: 37, exact: true }, 10)).toEqual({ kind: 'offer', count: 37 });
    expect(selectAllOffer({ count: 1000, exact: true }, 10)).toEqual({
      kind: 'offer',
      count: 1000,
    });
    expect(selectAllOffer({ count: 1001, exact: true }, 10)).toEqual({
      kind: 'limit',
      text: 'At most 1,000 businesses an action',
    });
    // "1,000+": a count the API stopped at is more than one action takes.
    expect(selectAllOffer({ count: 1000, exact: false }, 10).kind).toBe('limit');
    expect(selectAllOffer({ count: 7, exact: true }, 7)).toEqual({ kind: 'none' });
    expect(selectAllOffer(undefined, 10)).toEqual({ kind: 'none' });
  });

  it('names the rows ticked, or the view (its query and tab) once all matching are selected', () => {
    const view = parseBusinessListView(new URLSearchParams('status=pending&search=acme'));
    const action = { kind: 'assign', manager_id: null } as const;
    const ticked = toggleRow(emptySelection, ['a', 'b'], 'b');
    expect(bulkActionBody(ticked, view, action)).toEqual({ businesses: ['b'], action });
    expect(bulkActionBody({ ...ticked, allMatching: true }, view, action)).toEqual({
      query: { search: 'acme', status: 'pending' },
      action,
    });
  });
});
