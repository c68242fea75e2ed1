/**
 * Every query key of the notifications (docs/conventions.md, convention 7). The counts feed
 * the bell's badge, the page title and the tabs; each tab's list is one infinite query.
 * Anything that changes a notification — a write here or an event on the live stream —
 * invalidates `notificationKeys.all`, so the badge, the counts and every list follow.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationReadState } from '@fd/contract';

/** The tabs of the panel: All, or one read state (the list's `status`). */
export type NotificationTab = 'all' | NotificationReadState;

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: () => [...notificationKeys.all, 'counts'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (tab: NotificationTab) => [...notificationKeys.lists(), tab] as const,
};

/** Refetches the counts and the lists on screen; the others reload when next shown. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
