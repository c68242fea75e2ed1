import { formatLongDate } from '#/lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A moment's UTC day as a number, like every date of the product (docs/product.md §9). */
const utcDay = (date: Date) => Math.floor(date.getTime() / DAY_MS);

/** 'Today', 'Yesterday', or the day in words: `November 20, 2026`. */
export function dayHeading(createdAt: string, today: Date): string {
  const day = new Date(createdAt);
  const daysAgo = utcDay(today) - utcDay(day);
  return daysAgo === 0 ? 'Today' : daysAgo === 1 ? 'Yesterday' : formatLongDate(day);
}

/**
 * The heading above each notification of a list sorted newest first (docs/product.md §10.3):
 * the first of each day gets its day, the others undefined.
 */
export function dayHeadingsOf(
  notifications: readonly { created_at: string }[],
  today: Date,
): (string | undefined)[] {
  let previous: string | undefined;
  return notifications.map(({ created_at: createdAt }) => {
    const heading = dayHeading(createdAt, today);
    if (heading === previous) return undefined;
    previous = heading;
    return heading;
  });
}
