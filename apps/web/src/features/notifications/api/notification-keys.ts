/**
 * Every query key of the notifications (docs/conventions.md, convention 7). The counts feed
 * the bell's badge, the page title and the tabs; each tab's list is one infinite query.
 * Anything that changes a notification here invalidates `notificationKeys.all`, so the badge,
 * the counts and every list follow; new ones from the live stream add to the counts kept and
 * refetch the lists on screen (see `addArrived`).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationCounts, NotificationReadState } from '@fd/contract';

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

/**
 * `arrived` new (unread) notifications from the live stream: the counts kept grow by as many at
 * once, with no request, and the lists on screen refetch (the others when next shown). At
 * hundreds of managers a refetch of everyone's counts on every event would be hundreds of
 * requests an event (docs/decisions/095-notifications-fan-out-on-read.md); the stream's caller
 * refetches the counts now and then instead, so a count that drifted (another tab marked some
 * read) comes right.
 */
export function addArrived(queryClient: QueryClient, arrived: number): Promise<void> {
  const counts = queryClient.getQueryData<NotificationCounts>(notificationKeys.counts());
  if (counts === undefined) return invalidateNotifications(queryClient);
  queryClient.setQueryData<NotificationCounts>(notificationKeys.counts(), {
    all: counts.all + arrived,
    read: counts.read,
    unread: counts.unread + arrived,
  });
  return queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
}
