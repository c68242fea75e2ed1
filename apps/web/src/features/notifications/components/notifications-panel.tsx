import { useState } from 'react';
import { BellOff, TriangleAlert } from 'lucide-react';
import { emptyStateTexts } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Spinner } from '#/components/ui/spinner.tsx';
import { Tabs, type TabItem } from '#/components/ui/tabs.tsx';
import { formatLongDate } from '#/lib/format.ts';
import { useNotificationCounts, useNotificationList } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-read.ts';
import type { NotificationTab } from '../api/notification-keys.ts';
import { NotificationItem } from './notification-item.tsx';
import { dayHeadingsOf } from '../notification-days.ts';

/** docs/product.md §8.3, one per tab. */
const emptyTexts: Record<NotificationTab, string> = {
  all: emptyStateTexts.notifications,
  read: emptyStateTexts.readNotifications,
  unread: emptyStateTexts.unreadNotifications,
};

interface NotificationsPanelProps {
  /** Called when a notification opens its business: the dropdown closes. */
  onOpenBusiness?: () => void;
  /** The level of the days' headings: 3 under the dropdown's h2, 2 under the page's h1. */
  dayHeadingLevel?: 2 | 3;
}

/**
 * What the bell's dropdown and the notifications page show (docs/product.md §2.3): today's
 * date, 'Mark all as read', and the tabs All, Read and Unread with their counts.
 */
export function NotificationsPanel({
  onOpenBusiness,
  dayHeadingLevel = 3,
}: NotificationsPanelProps) {
  const [tab, setTab] = useState<NotificationTab>('all');
  // Read once: a lazy initial state keeps the render pure.
  const [today] = useState(() => new Date());
  const counts = useNotificationCounts().data;
  const list = useNotificationList(tab);
  const markAll = useMarkAllNotificationsRead();

  // 'Mark all as read' covers what the manager has seen (decision 27): up to the newest one
  // shown. The Read tab shows no unread one to bound it by, so there it covers them all.
  const newestShown = tab === 'read' ? undefined : list.data?.notifications[0]?.uuid;
  const tabs: TabItem<NotificationTab>[] = [
    { id: 'all', label: 'All', count: counts?.all },
    { id: 'read', label: 'Read', count: counts?.read },
    { id: 'unread', label: 'Unread', count: counts?.unread },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3">
        <p className="text-sm text-slate-600">Today, {formatLongDate(today)}</p>
        <Button
          variant="ghost"
          className="px-2 py-1.5 text-indigo-700"
          disabled={!counts || counts.unread === 0 || markAll.isPending}
          aria-busy={markAll.isPending || undefined}
          onClick={() => markAll.mutate(newestShown)}
        >
          Mark all as read
        </Button>
      </div>
      <div className="px-2">
        <Tabs
          label="Notifications by status"
          items={tabs}
          selectedId={tab}
          onSelect={setTab}
          surface="card"
        >
          <NotificationList
            tab={tab}
            list={list}
            onOpenBusiness={onOpenBusiness}
            today={today}
            dayHeadingLevel={dayHeadingLevel}
          />
        </Tabs>
      </div>
    </div>
  );
}

interface NotificationListProps {
  tab: NotificationTab;
  list: ReturnType<typeof useNotificationList>;
  onOpenBusiness: (() => void) | undefined;
  today: Date;
  dayHeadingLevel: 2 | 3;
}

function NotificationList({
  tab,
  list,
  onOpenBusiness,
  today,
  dayHeadingLevel,
}: NotificationListProps) {
  if (!list.data) {
    if (list.isError) {
      return (
        <div role="alert" className="flex flex-col items-center px-4 py-8 text-center">
          <TriangleAlert aria-hidden="true" className="size-8 text-red-500" />
          <p className="mt-3 text-sm text-slate-700">The notifications could not be loaded.</p>
          <Button
            variant="secondary"
            className="mt-4"
            isLoading={list.isFetching}
            loadingText="Trying again..."
            onClick={() => void list.refetch()}
          >
            Try again
          </Button>
        </div>
      );
    }
    return (
      <div className="flex justify-center py-10 text-indigo-600">
        <Spinner label="Loading notifications" className="size-7" />
      </div>
    );
  }

  const { notifications } = list.data;
  const dayHeadings = dayHeadingsOf(notifications, today);
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center px-4 py-10 text-center">
        <BellOff aria-hidden="true" className="size-8 text-slate-300" />
        <p className="mt-3 text-sm text-slate-500">{emptyTexts[tab]}</p>
      </div>
    );
  }

  return (
    <div className="pb-2">
      <ul aria-label="Notifications" className="-mx-2 divide-y divide-slate-100">
        {notifications.map((notification, index) => (
          <NotificationItem
            key={notification.uuid}
            notification={notification}
            onOpenBusiness={onOpenBusiness}
            dayHeading={dayHeadings[index]}
            dayHeadingLevel={dayHeadingLevel}
          />
        ))}
      </ul>
      {list.isFetchNextPageError && (
        <p role="alert" className="px-2 pt-2 text-center text-sm text-red-600">
          More notifications could not be loaded.
        </p>
      )}
      {list.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            isLoading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
