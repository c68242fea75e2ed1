import { describe, expect, it } from 'vitest';
import { dayHeadingsOf } from './notification-days.ts';

describe('notification day headings', () => {
  const today = new Date('2026-11-26T10:00:00Z');
  it('heads the first of each UTC day: Today, Yesterday, then the date', () => {
    expect(
      dayHeadingsOf(
        [
          '2026-11-26T09:00:00Z',
          '2026-11-26T00:00:00Z',
          '2026-11-25T23:59:59Z',
          '2026-11-25T08:00:00Z',
          '2026-11-20T08:00:00Z',
          '2025-11-26T08:00:00Z',
        ].map((created_at) => ({ created_at })),
        today,
      ),
    ).toEqual([
      'Today',
      undefined,
      'Yesterday',
      undefined,
      'November 20, 2026',
      'November 26, 2025',
    ]);
  });
});
