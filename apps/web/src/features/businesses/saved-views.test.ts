/**
 * A saved view's query (docs/product.md §11.4) is the list's address as the screen writes it,
 * without the page; the contract's check must accept every address the screen can write, so that
 * 'Save current view…' never meets a 400 for a parameter the list added.
 */
import { describe, expect, it } from 'vitest';
import { businessTabs, savedViewQuerySchema } from '@fd/contract';
import { businessListSearchParams, type BusinessListView } from './business-list-view.ts';
import { savedViewPath, savedViewQuery } from './saved-views.ts';

/** A view with every filter, a search, a page size and a page. */
const everything = (tab: BusinessListView['tab']): BusinessListView => ({
  tab,
  search: 'Acme & Sons',
  filters: {
    created: { from: '2026-01-05', to: '2026-01-09' },
    country: 'UK',
    type: 'LLC',
    accountLevel: 'UNPAID',
    activity: { activity: 'Tax EIN', status: 'Pending' },
    assignee: 'me',
  },
  page: 7,
  pageSize: 50,
  sort: 'step_since',
});

describe('a saved view’s query', () => {
  it.each([...businessTabs.map((tab) => tab.status), 'attention' as const])(
    'holds every parameter the screen writes on tab "%s", and the contract keeps it',
    (tab) => {
      const address = businessListSearchParams(everything(tab));
      expect(address.get('page')).toBe('7');
      const query = savedViewQuery(address);
      const names = [...new URLSearchParams(query).keys()];
      expect(names).toEqual([...address.keys()].filter((name) => name !== 'page'));
      expect(names).toEqual(
        expect.arrayContaining([
          'search',
          'start_date_iso',
          'country',
          'assignee',
          'page_size',
          'sort',
        ]),
      );
      expect(savedViewQuerySchema.parse(query)).toBe(query);
    },
  );

  it('drops what the list drops, and is compared in the form the list writes', () => {
    expect(savedViewQuery(new URLSearchParams('country=uk&page=3&colour=red&page_size=30'))).toBe(
      'country=UK',
    );
    expect(savedViewQuery(new URLSearchParams(''))).toBe('');
    expect(savedViewPath('')).toBe('/business');
    expect(savedViewPath('status=pending')).toBe('/business?status=pending');
  });
});
