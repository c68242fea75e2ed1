import { describe, expect, it } from 'vitest';
import { titleWithUnreadCount } from './use-unread-count-title.ts';

describe('titleWithUnreadCount', () => {
  it('puts the unread count before the title, and only when there is one', () => {
    expect(titleWithUnreadCount('Formation Desk', 3)).toBe('(3) Formation Desk');
    expect(titleWithUnreadCount('Formation Desk', 0)).toBe('Formation Desk');
    expect(titleWithUnreadCount('Formation Desk', 1234)).toBe('(1,234) Formation Desk');
  });

  it('replaces a count already there instead of adding another', () => {
    expect(titleWithUnreadCount('(3) Formation Desk', 4)).toBe('(4) Formation Desk');
    expect(titleWithUnreadCount('(1,234) Formation Desk', 0)).toBe('Formation Desk');
  });
});
