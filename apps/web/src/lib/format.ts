/**
 * How values are shown across the business screens (docs/product.md §3, §9): 'Nil' for
 * what is missing, en-US short dates in UTC, sizes as people read them, counts with separators.
 */
import { businessLevelLabels } from '@fd/contract';

export const NIL = 'Nil';

/**
 * An Intl formatter made on its first use: making one costs a few milliseconds (more on a slow
 * phone), and a screen that loads this module uses one or two of them
 * (docs/decisions/038-a-signed-in-first-visit-the-route.md).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The value, or 'Nil' when it is null, undefined or only blanks. */
export function orNil(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NIL;
  const text = String(value).trim();
  return text === '' ? NIL : text;
}

/**
 * An ISO timestamp or a `YYYY-MM-DD` day as en-US short, in UTC (`11/21/2026`);
 * null when there is none or it is not a date. A bare day parses as UTC midnight,
 * so it never slips to the previous day.
 */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // What Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }) writes, without making one: the
  // first costs tens of milliseconds on a phone, in the middle of the list's first render.
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
);

/** A moment's day in words, in UTC like every date of the product: `November 23, 2026`. */
export const formatLongDate = (date: Date): string => longDate().format(date);

/**
 * An ISO timestamp as `YYYY-MM-DD HH:mm` in UTC (docs/product.md §9, the comments' date-time;
 * the product's dates are UTC); null when there is none or it is not a date.
 */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const two = (part: number) => String(part).padStart(2, '0');
  const day = `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  return `${day} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

/**
 * How long something has held, as a manager scans a list: whole minutes, hours or days, rounded
 * down (`< 1 min`, `12 min`, `5 h`, `3 d`); null when there is no time or it is not one.
 */
export function formatAge(since: string | null | undefined, now: number): string | null {
  if (!since) return null;
  const at = new Date(since).getTime();
  if (Number.isNaN(at)) return null;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** A whole number's digits (a leading minus allowed), a comma between each group of three. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

const sizeUnits = ['KB', 'MB', 'GB'] as const;

/**
 * Bytes as people read a size (docs/product.md §10.1): `512 bytes`, `1.5 KB`, `12 KB`, `3 MB`
 * — the largest unit that keeps a number of at least 1, one decimal below 10 (none when it is
 * 0), whole numbers above.
 */
export function formatFileSize(bytes: number): string {
  const size = Math.max(0, Math.round(bytes));
  if (size < 1024) return size === 1 ? '1 byte' : `${size} bytes`;
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.6 KB reads 1 MB, not 1,024 KB.
  if (shown >= 1024 && unit < sizeUnits.length - 1) {
    shown = 1;
    unit += 1;
  }
  return `${groupThousands(String(shown))} ${sizeUnits[unit]}`;
}

/** `1234` → `1,234`. */
export const formatCount = (count: number): string =>
  // A whole number is grouped here, as Intl.NumberFormat('en-US') does it: making one costs
  // tens of milliseconds on a phone, in the middle of the tabs' first render.
  Number.isSafeInteger(count)
    ? groupThousands(String(count))
    : new Intl.NumberFormat('en-US').format(count);

/**
 * The total rows under a list: `1 result`, `1,234 results`; a total that is a
 * lower bound (the API's `total_count_exact` false) reads `1,000+ results`.
 */
export const formatResultCount = (count: number, exact = true): string =>
  exact
    ? `${formatCount(count)} ${count === 1 ? 'result' : 'results'}`
    : `${formatCount(count)}+ results`;

/** docs/product.md §2: a registered company is an existing business, anything else a new one. */
export const businessLevelLabel = (isRegisteredCompany: boolean | null | undefined): string =>
  isRegisteredCompany === true ? businessLevelLabels.existing : businessLevelLabels.new;

// ---- Days (the date filters) ----------------------------------------------

/** An inclusive range of calendar days, each `YYYY-MM-DD` as the API's date filters take them. */
export interface DayRange {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day a picker's local Date stands for, as `YYYY-MM-DD`. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` of a day that exists (no 2026-02-30) as a local Date, or null. */
export function parseIsoDay(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

/** A range from two address values: both real days, the end not before the start; else null. */
export function parseDayRange(
  from: string | null | undefined,
  to: string | null | undefined,
): DayRange | null {
  if (!from || !to || !parseIsoDay(from) || !parseIsoDay(to) || to < from) return null;
  return { from, to };
}

/** `01/05/2026 – 01/09/2026` (a single day once). */
export function formatDayRange({ from, to }: DayRange): string {
  const start = formatDate(from) ?? from;
  return from === to ? start : `${start} – ${formatDate(to) ?? to}`;
}
