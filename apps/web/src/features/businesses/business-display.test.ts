import { describe, expect, it } from 'vitest';
import { referralSourceLabels } from '@fd/contract';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import {
  activityName,
  activityStatusDisplay,
  businessDetailRows,
  paymentStatusLabel,
  personalDetailRows,
} from './business-display.ts';

const activity = (status: string) => ({ status, status_item_name: 'Tax EIN' });
const valueOf = (rows: { label: string; value: string }[], label: string) =>
  rows.find((row) => row.label === label)?.value;

describe('the Status column (docs/product.md §4)', () => {
  it('labels and colours each activity status', () => {
    expect(activityStatusDisplay(activity('PENDING'))).toEqual({ label: 'Pending', tone: 'amber' });
    expect(activityStatusDisplay(activity('PROCESSING'))).toEqual({
      label: 'Processing',
      tone: 'blue',
    });
    expect(activityStatusDisplay(activity('FAILED'))).toEqual({ label: 'Failed', tone: 'red' });
    expect(activityStatusDisplay(activity('COMPLETED'))).toEqual({
      label: 'Completed',
      tone: 'green',
    });
  });

  it('reads no current activity as Completed', () => {
    expect(activityStatusDisplay(null)).toEqual({ label: 'Completed', tone: 'green' });
  });

  it('shows Unknown for any other value', () => {
    for (const status of ['APPROVED', 'pending', '', 'constructor']) {
      expect(activityStatusDisplay(activity(status))).toEqual({ label: 'Unknown', tone: 'slate' });
    }
  });

  it('names the activity, or a dash once completed', () => {
    expect(activityName(activity('PENDING'))).toBe('Tax EIN');
    expect(activityName(null)).toBe('Nil');
  });
});

describe('payment status (docs/product.md §4)', () => {
  const receipt = businessDetailFixture().manual_payment_doc;

  it('is NOT CONFIRMED when receipts exist and the account is UNPAID', () => {
    expect(paymentStatusLabel({ manual_payment_doc: receipt, account_level: 'UNPAID' })).toBe(
      'NOT CONFIRMED',
    );
  });

  it('is the account level otherwise', () => {
    expect(paymentStatusLabel({ manual_payment_doc: receipt, account_level: 'PAID' })).toBe('PAID');
    expect(paymentStatusLabel({ manual_payment_doc: [], account_level: 'UNPAID' })).toBe('UNPAID');
  });
});

describe('business details rows', () => {
  it('shows every field, dates en-US in UTC', () => {
    const rows = businessDetailRows(businessDetailFixture());
    expect(rows.map((row) => row.label)).toEqual([
      'Business name',
      'Industry',
      'Description',
      'Company type',
      'Country of incorporation',
      'State of incorporation',
      'Incorporation number',
      'Date of incorporation',
      'Address',
      'Tax EIN',
      'Website',
      'LinkedIn',
      'Created date',
    ]);
    expect(valueOf(rows, 'Date of incorporation')).toBe('3/14/2025');
    expect(valueOf(rows, 'Created date')).toBe('11/21/2026');
    expect(rows.find((row) => row.label === 'Website')?.href).toBe('https://acme.example.com/');
  });

  it("shows 'Nil' for every empty value, including a null company type", () => {
    const rows = businessDetailRows(
      businessDetailFixture({
        business_industry: null,
        business_description: '  ',
        company_type: null,
        incorporation_date: null,
        tax_id: null,
        company_website: null,
        social_link: null,
      }),
    );
    for (const label of [
      'Industry',
      'Description',
      'Company type',
      'Date of incorporation',
      'Tax EIN',
      'Website',
      'LinkedIn',
    ]) {
      expect(valueOf(rows, label)).toBe('Nil');
    }
    expect(rows.find((row) => row.label === 'Website')?.href).toBeUndefined();
  });

  it('links only web addresses', () => {
    const rows = businessDetailRows(
      businessDetailFixture({ company_website: 'javascript:alert(1)', social_link: 'not a link' }),
    );
    expect(rows.find((row) => row.label === 'Website')?.href).toBeUndefined();
    expect(rows.find((row) => row.label === 'LinkedIn')?.href).toBeUndefined();
    expect(valueOf(rows, 'Website')).toBe('javascript:alert(1)');
  });
});

describe('personal details rows', () => {
  it('shows the owner, with NIN only when present', () => {
    const withNin = personalDetailRows(businessDetailFixture());
    expect(valueOf(withNin, 'NIN')).toBe('12345678901');
    for (const nin of [null, '', '  ']) {
      const rows = personalDetailRows(
        businessDetailFixture({ national_identification_number: nin }),
      );
      expect(rows.some((row) => row.label === 'NIN')).toBe(false);
    }
  });

  it('shows each listed referral source as it is, anything else as Nil', () => {
    const referral = (source: string | null) => {
      const detail = businessDetailFixture();
      return valueOf(
        personalDetailRows({ ...detail, user: { ...detail.user, referral_source: source } }),
        'Referral source',
      );
    };
    for (const source of Object.keys(referralSourceLabels)) expect(referral(source)).toBe(source);
    expect(referral('X (Formerly Twitter)')).toBe('X (Formerly Twitter)');
    expect(referral('TikTok')).toBe('Nil');
    expect(referral('facebook')).toBe('Nil');
    expect(referral(null)).toBe('Nil');
  });
});
