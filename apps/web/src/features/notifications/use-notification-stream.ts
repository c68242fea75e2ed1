import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateBusinessLists, invalidateBusinessTimelines } from '#/lib/business-keys.ts';
import { useSession } from '#/lib/session.ts';
import { addArrived, invalidateNotifications } from './api/notification-keys.ts';
import { getStreamTicket } from './api/stream-ticket.ts';
import { NotificationStream } from './notification-stream.ts';

/** The shortest time between two refreshes of the business lists the stream asks for. */
const LIST_REFRESH_MS = 2000;
/**
 * The shortest time between two refetches of the notification counts while new ones arrive:
 * each arrival adds to the counts at once; this brings them exact again (another tab's reads).
 */
const COUNTS_REFRESH_MS = 30_000;

/** Runs `run` after a request, then at most once per `ms` while requests keep coming. */
function coalesce(run: () => void, ms: number): { request(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  return {
    request() {
      if (timer !== undefined) return;
      const wait = Math.max(0, last + ms - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Keeps the notifications live while a manager is signed in: new ones from the stream add to
 * the counts at once and refetch the lists on screen, and the counts are refetched at most
 * every COUNTS_REFRESH_MS while more arrive; a fresh connection or a reset refetches them all.
 * So the badge, the title and the panel follow, and so do the business lists and their tab
 * counts. Mounted once, in the signed-in layout; the stream opens once `enabled` (the layout
 * waits for idle). A new token (a password change retires the old ones) opens a new stream;
 * signing out closes it.
 */
export function useNotificationStream({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    // Every notification is a change to a business (a client's event, another manager's write):
    // the lists and tab counts on screen follow, at most once per LIST_REFRESH_MS however many
    // events arrive (2 a second from a busy day would otherwise refetch 7 lists each time).
    // The timelines on screen follow the same way (docs/product.md §12.1).
    const refreshLists = coalesce(() => {
      void invalidateBusinessLists(queryClient);
      void invalidateBusinessTimelines(queryClient);
    }, LIST_REFRESH_MS);
    const refreshCounts = coalesce(
      () => void invalidateNotifications(queryClient),
      COUNTS_REFRESH_MS,
    );
    // No EventSource (an old browser, or jsdom): the lists still load, just not live.
    if (!enabled || !token || typeof EventSource === 'undefined') return;
    const stream = new NotificationStream({
      getTicket: getStreamTicket,
      open: (ticket, lastEventId) =>
        new EventSource(
          api.url(apiPaths.notifications.stream, { ticket, last_event_id: lastEventId }),
        ),
      onChange: (change, arrived) => {
        if (change === 'notifications' && arrived !== undefined) {
          void addArrived(queryClient, arrived);
          refreshCounts.request();
        } else {
          void invalidateNotifications(queryClient);
        }
        // A fresh start ('ready') brings nothing the lists just loaded do not have.
        if (change !== 'ready') refreshLists.request();
      },
    });
    stream.start();
    return () => {
      stream.stop();
      refreshLists.cancel();
      refreshCounts.cancel();
    };
  }, [enabled, queryClient, token]);
}
