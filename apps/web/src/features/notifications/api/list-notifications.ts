import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE,
  apiPaths,
  type AppNotification,
  type NotificationCounts,
  type NotificationListPage,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { notificationKeys, type NotificationTab } from './notification-keys.ts';

interface NotificationPageRequest {
  tab: NotificationTab;
  page: number;
  pageSize: number;
}

/** `GET notifications/?status=read|unread&page&page_size` (docs/product.md §7.3), newest first. */
export async function getNotificationPage(
  { tab, page, pageSize }: NotificationPageRequest,
  signal?: AbortSignal,
): Promise<NotificationListPage> {
  const body = await api.get(apiPaths.notifications.list, {
    query: { status: tab === 'all' ? undefined : tab, page, page_size: pageSize },
    schema: async () => (await import('./response-schemas.ts')).notificationListResponseSchema,
    signal,
  });
  return body.data;
}

/**
 * The per-tab counts (`data.counts`): the bell's badge, the page title and the tabs read them.
 * One notification is the smallest page the list call gives; the counts come with any page.
 */
export function useNotificationCounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.counts(),
    enabled,
    queryFn: async ({ signal }): Promise<NotificationCounts> =>
      (await getNotificationPage({ tab: 'all', page: 1, pageSize: 1 }, signal)).counts,
  });
}

/** The next page, while the pages loaded so far hold fewer than the tab's `total_count`. */
export function nextPageOf(last: NotificationListPage): number | undefined {
  return last.page * last.page_size < last.total_count ? last.page + 1 : undefined;
}

/**
 * The loaded pages as one list. A notification that arrived between two pages pushes the
 * older ones down by one, so the next page can repeat one already shown: it appears once.
 */
export function flattenPages(pages: readonly NotificationListPage[]): AppNotification[] {
  const seen = new Set<string>();
  const list: AppNotification[] = [];
  for (const page of pages) {
    for (const notification of page.detail) {
      if (seen.has(notification.uuid)) continue;
      seen.add(notification.uuid);
      list.push(notification);
    }
  }
  return list;
}

/** One tab's list, a server page at a time ('Load more'). */
export function useNotificationList(tab: NotificationTab) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      getNotificationPage({ tab, page: pageParam, pageSize: NOTIFICATIONS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    select: (data) => ({
      notifications: flattenPages(data.pages),
      totalCount: data.pages.at(-1)?.total_count ?? 0,
    }),
  });
}
