import { describe, expect, it } from 'vitest';
import {
  businessLevelLabel,
  formatAge,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatFileSize,
  formatLongDate,
  formatResultCount,
  orNil,
  parseDayRange,
  parseIsoDay,
  toIsoDay,
} from './format.ts';

describe('orNil', () => {
  it("shows 'Nil' for null, undefined, empty and blank values", () => {
    expect([null, undefined, '', '   '].map(orNil)).toEqual(['Nil', 'Nil', 'Nil', 'Nil']);
  });

  it('keeps any other value, trimmed', () => {
    expect(orNil('LLC')).toBe('LLC');
    expect(orNil('  Delaware ')).toBe('Delaware');
    expect(orNil(0)).toBe('0');
  });
});

describe('formatDate (en-US short, UTC)', () => {
  it('formats a timestamp on its UTC day, whatever the local zone', () => {
    expect(formatDate('2026-11-21T23:30:00.000Z')).toBe('11/21/2026');
    expect(formatDate('2026-11-21T00:15:00+02:00')).toBe('11/20/2026');
  });

  it('formats a bare YYYY-MM-DD day as that day', () => {
    expect(formatDate('2024-01-05')).toBe('1/5/2024');
  });

  it('gives null for nothing or something that is not a date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});

describe('formatLongDate (en-US long, UTC)', () => {
  it('names the UTC day of the moment', () => {
    expect(formatLongDate(new Date('2026-11-23T12:00:00Z'))).toBe('November 23, 2026');
    expect(formatLongDate(new Date('2026-11-23T23:59:00-02:00'))).toBe('November 24, 2026');
  });
});

describe('formatDateTime (YYYY-MM-DD HH:mm, UTC)', () => {
  it('shows the UTC day and minute, zero-padded, whatever the offset it was written with', () => {
    expect(formatDateTime('2026-11-21T09:05:59.999Z')).toBe('2026-11-21 09:05');
    expect(formatDateTime('2026-01-02T00:30:00+02:00')).toBe('2026-01-01 22:30');
    expect(formatDateTime('2026-12-31T23:59:00-01:00')).toBe('2027-01-01 00:59');
  });

  it('gives null for nothing or something that is not a date', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime('yesterday')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('shows a size as people read it: bytes, KB, MB, one decimal below 10', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(300)).toBe('300 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(12_000)).toBe('12 KB');
    // The original's '3,072.6 KB'.
    expect(formatFileSize(3_146_342)).toBe('3 MB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
    expect(formatFileSize(15.4 * 1024 * 1024)).toBe('15 MB');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });
});

describe('counts', () => {
  it('separates thousands and says result or results', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatResultCount(0)).toBe('0 results');
    expect(formatResultCount(1)).toBe('1 result');
    expect(formatResultCount(1234)).toBe('1,234 results');
    expect(formatResultCount(10_000, false)).toBe('10,000+ results');
  });
});

describe('businessLevelLabel', () => {
  it('is Existing Business for a registered company, New Business otherwise', () => {
    expect(businessLevelLabel(true)).toBe('Existing Business');
    expect(businessLevelLabel(false)).toBe('New Business');
    expect(businessLevelLabel(null)).toBe('New Business');
    expect(businessLevelLabel(undefined)).toBe('New Business');
  });
});

describe('days for the date filters', () => {
  it('turns a picked local day into YYYY-MM-DD and back', () => {
    expect(toIsoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(toIsoDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    const day = parseIsoDay('2026-01-05');
    expect(day && toIsoDay(day)).toBe('2026-01-05');
  });

  it('refuses days that do not exist or are not YYYY-MM-DD', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-1-5', '05/01/2026', '', null]) {
      expect(parseIsoDay(value)).toBeNull();
    }
    expect(parseIsoDay('2024-02-29')).not.toBeNull();
  });

  it('accepts a range only with both real days and the end not before the start', () => {
    expect(parseDayRange('2026-01-05', '2026-01-09')).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    });
    expect(parseDayRange('2026-01-05', '2026-01-05')).toEqual({
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(parseDayRange('2026-01-09', '2026-01-05')).toBeNull();
    expect(parseDayRange('2026-01-05', null)).toBeNull();
    expect(parseDayRange('2026-02-30', '2026-03-01')).toBeNull();
  });

  it('shows a range in en-US dates, a single day once', () => {
    expect(formatDayRange({ from: '2026-01-05', to: '2026-01-09' })).toBe('1/5/2026 – 1/9/2026');
    expect(formatDayRange({ from: '2026-01-05', to: '2026-01-05' })).toBe('1/5/2026');
  });
});

describe('formatDate against Intl', () => {
  it('writes what en-US short in UTC writes', () => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' });
    for (const value of [
      '2026-11-21T23:30:00.000Z',
      '2024-01-05',
      '2000-02-29T12:00:00Z',
      '1999-12-31T23:59:59.999Z',
      '2030-10-01T00:00:00-05:00',
      '1970-01-01',
    ]) {
      expect(formatDate(value)).toBe(intl.format(new Date(value)));
    }
  });
});

describe('formatCount against Intl', () => {
  it('groups what en-US groups', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [
      0, 1, 12, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1234, 2.5,
    ]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
  });
});

describe('formatFileSize against Intl', () => {
  it("writes what en-US's unit formatter writes, with at most one decimal below 10", () => {
    const cases: [number, number, string][] = [
      [1536, 1.5, 'kilobyte'],
      [12_000, 12, 'kilobyte'],
      [1_250_000_000, 1.2, 'gigabyte'],
      [1_048_576, 1, 'megabyte'],
    ];
    for (const [bytes, value, unit] of cases) {
      const intl = new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short' });
      expect(formatFileSize(bytes)).toBe(intl.format(value).replace('kB', 'KB'));
    }
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('gives whole minutes, hours or days, rounded down', () => {
    expect(formatAge(ago(0), now)).toBe('< 1 min');
    expect(formatAge(ago(59_999), now)).toBe('< 1 min');
    expect(formatAge(ago(60_000), now)).toBe('1 min');
    expect(formatAge(ago(59 * 60_000 + 59_999), now)).toBe('59 min');
    expect(formatAge(ago(3_600_000), now)).toBe('1 h');
    expect(formatAge(ago(23 * 3_600_000 + 3_599_999), now)).toBe('23 h');
    expect(formatAge(ago(24 * 3_600_000), now)).toBe('1 d');
    expect(formatAge(ago(400 * 24 * 3_600_000), now)).toBe('400 d');
  });
  it('reads a time after now as now, and nothing or not a time as none', () => {
    expect(formatAge(ago(-5 * 60_000), now)).toBe('< 1 min');
    expect(formatAge(null, now)).toBeNull();
    expect(formatAge(undefined, now)).toBeNull();
    expect(formatAge('not a time', now)).toBeNull();
  });
});
