/**
 * Days as the contract takes them: `isCalendarDay`, the validators' check that a `YYYY-MM-DD`
 * day exists; and the API document's form of a day range: a `pattern` that matches `YYYY-MM-DD` from the first
 * of January of one year to a given day, beside `format: date` (which holds each day to the
 * calendar). Built from the same bounds the validators use, so a day the document allows is one
 * the server takes.
 */

/** A pattern matching the decimal numbers `low` to `high`, written with `width` digits. */
function numberRange(low: number, high: number, width: number): string {
  const lo = String(low).padStart(width, '0');
  const hi = String(high).padStart(width, '0');
  const alternatives: string[] = [];
  const walk = (from: string, to: string, prefix: string) => {
    if (from.length === 0) {
      alternatives.push(prefix);
      return;
    }
    const [first, last] = [Number(from[0]), Number(to[0])];
    const rest = from.length - 1;
    const all = (n: number) => (n === 0 ? '' : n === 1 ? '[0-9]' : `[0-9]{${n}}`);
    if (first === last) {
      walk(from.slice(1), to.slice(1), prefix + String(first));
      return;
    }
    // The first digit's whole run, its partial ends apart.
    const lowFull = from.slice(1) === '0'.repeat(rest);
    const highFull = to.slice(1) === '9'.repeat(rest);
    const start = lowFull ? first : first + 1;
    const end = highFull ? last : last - 1;
    if (!lowFull) walk(from.slice(1), '9'.repeat(rest), prefix + String(first));
    if (start <= end) {
      const digit = start === end ? String(start) : `[${start}-${end}]`;
      alternatives.push(prefix + digit + all(rest));
    }
    if (!highFull) walk('0'.repeat(rest), to.slice(1), prefix + String(last));
  };
  walk(lo, hi, '');
  return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
}

const anyMonth = '(?:0[1-9]|1[0-2])';
const anyDay = '(?:0[1-9]|[12][0-9]|3[01])';

/** `YYYY-MM-DD` from the first of January of `firstYear` to `last` (a YYYY-MM-DD day), anchored. */
export function dayRangePattern(firstYear: number, last: string): string {
  const [year, month, day] = last.split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  if (year > firstYear) days.push(`${numberRange(firstYear, year - 1, 4)}-${anyMonth}-${anyDay}`);
  if (month > 1) days.push(`${year}-${numberRange(1, month - 1, 2)}-${anyDay}`);
  days.push(`${year}-${String(month).padStart(2, '0')}-${numberRange(1, day, 2)}`);
  return `^(?:${days.join('|')})$`;
}

/** `YYYY-MM-DD`, a day that exists (no 2023-02-29). */
export function isCalendarDay(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return (
    /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) &&
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, 10) === value
  );
}
