import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { useSession } from '#/lib/session.ts';
import { invalidateNotifications } from './api/notification-keys.ts';
import { getStreamTicket } from './api/stream-ticket.ts';
import { NotificationStream } from './notification-stream.ts';

/**
 * Keeps the notifications live while a manager is signed in: every change the stream reports
 * refetches the counts and the lists, so the badge, the title and the panel follow. Mounted
 * once, in the signed-in layout; the stream opens once `enabled` (the layout waits for idle). A new token (a password change retires the old ones) opens a
 * new stream; signing out closes it.
 */
export function useNotificationStream({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    // No EventSource (an old browser, or jsdom): the lists still load, just not live.
    if (!enabled || !token || typeof EventSource === 'undefined') return;
    const stream = new NotificationStream({
      getTicket: getStreamTicket,
      open: (ticket, lastEventId) =>
        new EventSource(
          api.url(apiPaths.notifications.stream, { ticket, last_event_id: lastEventId }),
        ),
      onChange: () => void invalidateNotifications(queryClient),
    });
    stream.start();
    return () => stream.stop();
  }, [enabled, queryClient, token]);
}
