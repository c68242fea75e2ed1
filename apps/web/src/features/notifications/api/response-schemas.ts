/**
 * The notification calls' answer schemas, in a chunk of their own: they (and zod) load with the
 * first call, not with every signed-in screen
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export {
  notificationDeleteResponseSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationsMarkAllResponseSchema,
  streamTicketResponseSchema,
} from '@fd/contract';
