import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  errorMessages,
  successMessages,
  type AppNotification,
  type NotificationUpdateRequest,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { invalidateNotifications } from './notification-keys.ts';
import { errorDetailOr } from '#/lib/error-message.ts';

/** `PUT notifications/{uuid}/` with `{ is_read: true }` → the updated notification. */
export async function markNotificationRead(uuid: string): Promise<AppNotification> {
  const body: NotificationUpdateRequest = { is_read: true };
  const answer = await api.put(apiPaths.notifications.item(uuid), body, {
    schema: async () => (await import('./response-schemas.ts')).notificationResponseSchema,
  });
  return answer.data;
}

/** `DELETE notifications/{uuid}/`. */
export async function deleteNotification(uuid: string): Promise<void> {
  await api.delete(apiPaths.notifications.item(uuid), {
    schema: async () => (await import('./response-schemas.ts')).notificationDeleteResponseSchema,
  });
}

/** docs/product.md §8.1: a failed update or delete shows the server's detail message. */
export const writeErrorMessage = (error: unknown): string =>
  errorDetailOr(error, errorMessages.unknown);

/**
 * Either write changes the counts and the lists, so both are refetched — after a failure too,
 * since a 404 means the notification is already gone (deleted in another tab).
 *
 * The toasts are the hook's, not the caller's: the item that started a write may be gone
 * before it ends (opening a business closes the dropdown), and a caller's callbacks go with it.
 * Each says what it did: docs/product.md §8.2 showed the delete text for marking read as well
 * (a departure, §10.3).
 */
function useNotificationWrite<T>(write: (uuid: string) => Promise<T>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void invalidateNotifications(queryClient);
      notifySuccess(done);
    },
    onError: (error) => {
      void invalidateNotifications(queryClient);
      notifyError(writeErrorMessage(error));
    },
  });
}

export const useMarkNotificationRead = () =>
  useNotificationWrite(markNotificationRead, successMessages.notificationMarkedRead);
export const useDeleteNotification = () =>
  useNotificationWrite(deleteNotification, successMessages.notificationDeleted);
