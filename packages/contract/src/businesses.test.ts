import { describe, expect, it } from 'vitest';
import {
  businessDetailIdSchema,
  businessExportQuerySchema,
  businessListQuerySchema,
  businessListStatusSchema,
} from './businesses.ts';
import { FILTER_DATE_RANGE } from './business-values.ts';

describe('business list query', () => {
  it('defaults to page 1 of 10 and reads nothing else from an empty query', () => {
    expect(businessListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      search: undefined,
      companyType: undefined,
      createdFrom: undefined,
      createdTo: undefined,
      country: undefined,
      paymentStatus: undefined,
      accountLevel: undefined,
      activityStep: undefined,
      activityStatus: undefined,
    });
  });

  it('treats a blank search as none, refuses other empty values, ignores unknown parameters', () => {
    expect(businessListQuerySchema.parse({ search: '   ', order: 'name' })).toMatchObject({
      page: 1,
      search: undefined,
      companyType: undefined,
    });
    // The document states integers and enums: `page=` is not a page (decision 76).
    const refused = businessListQuerySchema.safeParse({ page: '', type: ' ', start_date_iso: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'page',
      'start_date_iso',
      'type',
    ]);
  });

  it('answers choices in their canonical spelling and maps activity names to step keys', () => {
    expect(
      businessListQuerySchema.parse({
        page: '3',
        page_size: '100',
        search: '  Okafor ',
        filter: 'DATE',
        type: 'llc',
        start_date_iso: '2024-02-29',
        end_date_iso: '2024-02-29',
        country: 'canada',
        payment_status: 'unconfirmed',
        account_level: 'paid',
        business_formation_status: 'business_handover_status',
        processing_status: 'Failed',
      }),
    ).toEqual({
      page: 3,
      pageSize: 100,
      search: 'Okafor',
      companyType: 'LLC',
      createdFrom: '2024-02-29',
      createdTo: '2024-02-29',
      country: 'CANADA',
      paymentStatus: 'UNCONFIRMED',
      accountLevel: 'PAID',
      activityStep: 'business_handover_status',
      activityStatus: 'FAILED',
    });
    expect(
      businessListQuerySchema.parse({ business_formation_status: 'Incorporation Payment' })
        .activityStep,
    ).toBe('payment_status');
  });

  it('refuses activities that are not filter options (Government ID is a document step)', () => {
    const result = businessListQuerySchema.safeParse({
      business_formation_status: 'Government_ID',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['business_formation_status']);
  });
});

describe('date filter range', () => {
  const { first, last } = FILTER_DATE_RANGE;
  const range = (start: string, end: string) =>
    businessListQuerySchema.safeParse({ start_date_iso: start, end_date_iso: end });

  it('takes the first and the last allowed day', () => {
    expect(range(first, last).data).toMatchObject({ createdFrom: first, createdTo: last });
  });

  it('refuses the days outside it with one message naming the parameter', () => {
    for (const [start, end, parameter] of [
      ['0000-01-01', '2024-01-01', 'start_date_iso'],
      ['1899-12-31', first, 'start_date_iso'],
      ['2024-01-01', '9999-01-01', 'end_date_iso'],
      ['2024-01-01', '9999-12-31', 'end_date_iso'],
    ] as const) {
      expect(range(start, end).error?.issues, `${start}..${end}`).toEqual([
        expect.objectContaining({
          path: [parameter],
          message: `${parameter} must be a day from ${first} to ${last}.`,
        }),
      ]);
    }
  });

  it('keeps the day after the last (the end is queried as before it) in a four-digit year', () => {
    const dayAfter = new Date(new Date(`${last}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);
    expect(dayAfter.toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first >= '0001-01-01').toBe(true);
  });
});

describe('list status and detail id', () => {
  it('reads the status segment case-insensitively', () => {
    expect(businessListStatusSchema.parse('Incorporated')).toBe('incorporated');
    expect(businessListStatusSchema.safeParse('all').success).toBe(false);
  });

  it('reads a uuid (any case) or a positive 32-bit id', () => {
    expect(businessDetailIdSchema.parse('7F0C6F6E-2A4B-4C1D-9E8F-123456789ABC')).toEqual({
      uuid: '7f0c6f6e-2a4b-4c1d-9e8f-123456789abc',
    });
    expect(businessDetailIdSchema.parse('42')).toEqual({ id: 42 });
    for (const bad of ['0', '-1', '042', '2147483648', 'abc', '']) {
      expect(businessDetailIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('export query', () => {
  it('reads the list parameters as the list does, and the tab from status (absent: All)', () => {
    const {
      page: _page,
      pageSize: _pageSize,
      ...filters
    } = businessListQuerySchema.parse({
      search: ' Okafor ',
      country: 'canada',
      processing_status: 'failed',
    });
    expect(
      businessExportQuerySchema.parse({
        search: ' Okafor ',
        country: 'canada',
        processing_status: 'failed',
        page: '7',
        page_size: '100',
      }),
    ).toEqual({ tab: 'all', filters });
    expect(businessExportQuerySchema.parse({ status: 'PROCESSING' }).tab).toBe('processing');
  });

  it('refuses what the list refuses, and a status that is no tab', () => {
    for (const query of [{ status: 'all' }, { status: ['pending', 'pending'] }, { page: '0' }]) {
      expect(businessExportQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(businessExportQuerySchema.safeParse({ country: 'Mars' }).error?.issues[0]?.message).toBe(
      businessListQuerySchema.safeParse({ country: 'Mars' }).error?.issues[0]?.message,
    );
  });
});
