import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type NotificationCounts, type NotificationsMarkAllRequest } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { notifyError } from '#/lib/toast.tsx';
import { invalidateNotifications, notificationKeys } from './notification-keys.ts';
import { writeErrorMessage } from './update-notification.ts';

/**
 * `POST notifications/mark-all-read/` (decision 27): with `through`, only those up to the
 * newest one shown, so one that arrives meanwhile stays unread.
 */
export async function markAllNotificationsRead(through?: string): Promise<NotificationCounts> {
  const body: NotificationsMarkAllRequest = through === undefined ? {} : { through };
  const answer = await api.post(apiPaths.notifications.markAllRead, body, {
    schema: async () => (await import('./response-schemas.ts')).notificationsMarkAllResponseSchema,
  });
  return answer.data.counts;
}

/**
 * docs/product.md gives 'Mark all as read' no message: success shows in the counts and the
 * lists; a failure shows the server's detail, as the other writes do.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (counts) => {
      // The answer's counts are current: the badge changes at once, the lists follow.
      queryClient.setQueryData(notificationKeys.counts(), counts);
    },
    onError: (error) => notifyError(writeErrorMessage(error)),
    onSettled: () => invalidateNotifications(queryClient),
  });
}
