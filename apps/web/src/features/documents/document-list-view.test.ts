import { describe, expect, it } from 'vitest';
import { businessListQuerySchema, documentTabs } from '@fd/contract';
import {
  docsAmount,
  documentListFirstRequests,
  documentListOpeningRequest,
  documentListPage,
  documentListRequest,
  documentListSearchParams,
  documentTabCountRequests,
  documentTabRequest,
  parseDocumentListView,
  type DocumentListView,
} from './document-list-view.ts';

const emptyView: DocumentListView = { tab: '', filter: null, page: null };
const parse = (query: string) => parseDocumentListView(new URLSearchParams(query));
const file = (id: number) => ({ id, document_title: `Doc ${id}`, file_name: 'a.pdf', size: 1 });

describe('docs amount (docs/product.md §9)', () => {
  it('is the KYB count plus the KYC count', () => {
    expect(docsAmount({ total_files: { kyb: [], kyc: [] } })).toBe(0);
    expect(docsAmount({ total_files: { kyb: [file(1), file(2)], kyc: [file(3)] } })).toBe(3);
  });
});

describe('documents tabs and calls', () => {
  it('maps All clients, Incorporated and Pending to their endpoints', () => {
    expect(documentTabs.map((tab) => [tab.label, documentTabRequest(tab.status).path])).toEqual([
      ['All clients', 'manager/business/list/'],
      ['Incorporated', 'manager/business/list/incorporated/'],
      ['Pending', 'manager/business/list/pending/'],
    ]);
  });

  it('sends filter=kind with its value parameters, and a page of ten', () => {
    expect(
      documentListRequest({ tab: 'pending', filter: { id: 'country', choice: 'UAE' }, page: 2 }, 2),
    ).toEqual({
      path: 'manager/business/list/pending/',
      query: { page: '2', page_size: '10', filter: 'country', country: 'UAE' },
    });
    expect(
      documentListRequest(
        { ...emptyView, filter: { id: 'date', range: { from: '2026-01-01', to: '2026-01-31' } } },
        1,
      ).query,
    ).toEqual({
      page: '1',
      page_size: '10',
      filter: 'date',
      start_date_iso: '2026-01-01',
      end_date_iso: '2026-01-31',
    });
    expect(
      documentListRequest({ ...emptyView, filter: { id: 'type', choice: 'C-corp' } }, 1).query,
    ).toMatchObject({ filter: 'type', type: 'C-corp' });
  });
});

describe('documents address query', () => {
  it('reads a filter only with its value', () => {
    expect(parse('filter=country&country=uk').filter).toEqual({ id: 'country', choice: 'UK' });
    expect(parse('filter=country').filter).toBeNull();
    expect(parse('country=UK').filter).toBeNull();
    expect(parse('filter=type&type=PLC').filter).toBeNull();
    expect(
      parse('filter=date&start_date_iso=2026-01-09&end_date_iso=2026-01-01').filter,
    ).toBeNull();
    expect(parse('filter=paid').filter).toBeNull();
  });

  it('reads the tab and the page, ignoring what is not one', () => {
    expect(parse('status=Pending&page=3')).toEqual({ tab: 'pending', filter: null, page: 3 });
    expect(parse('status=CONFIRMED&page=abc')).toEqual(emptyView);
  });

  const views: DocumentListView[] = [
    emptyView,
    { tab: 'incorporated', filter: null, page: 4 },
    {
      tab: '',
      filter: { id: 'date', range: { from: '2026-01-05', to: '2026-01-05' } },
      page: null,
    },
    { tab: 'pending', filter: { id: 'type', choice: 'LLC' }, page: 2 },
  ];

  it.each(views)('round-trips %j, and the API accepts the call', (view) => {
    expect(parseDocumentListView(documentListSearchParams(view))).toEqual(view);
    const { query } = documentListRequest(view, view.page ?? 1);
    expect(businessListQuerySchema.safeParse(query).success).toBe(true);
  });
});

describe('the call of the screen opening on an address (asked for early by its route)', () => {
  const query = (address: string) => new URLSearchParams(address);

  it('is the call the view of that address makes, on its page or the first', () => {
    const address = query('status=INCORPORATED&filter=type&type=c-corp&page=3');
    const view = parseDocumentListView(address);
    expect(documentListPage(view)).toBe(3);
    expect(documentListOpeningRequest(address)).toEqual(documentListRequest(view, 3));
    expect(documentListOpeningRequest(address)).toEqual({
      path: 'manager/business/list/incorporated/',
      query: { page: '3', page_size: '10', filter: 'type', type: 'C-corp' },
    });
    expect(documentListOpeningRequest(query('page=abc'))).toEqual({
      path: 'manager/business/list/',
      query: { page: '1', page_size: '10' },
    });
  });

  it('turns odd address queries into a call the API accepts, never an error', () => {
    for (const address of [
      'status=%00&page=-1&filter=country',
      'filter=date&start_date_iso=2026-13-01&end_date_iso=2026-01-01&page=1e3',
      'status=pending&status=other&filter=type&type=LLC&type=PLC',
      '%E0%A4%A=broken&=&&&filter',
    ]) {
      const { path, query: sent } = documentListOpeningRequest(query(address));
      expect(path).toMatch(/^manager\/business\/list\//);
      expect(businessListQuerySchema.safeParse(sent).success, address).toBe(true);
    }
  });

  it('asks for the page of the list and every tab count', () => {
    expect(documentListFirstRequests(query('status=pending'))).toEqual([
      { path: 'manager/business/list/pending/', query: { page: '1', page_size: '10' } },
      ...documentTabCountRequests,
    ]);
  });
});
