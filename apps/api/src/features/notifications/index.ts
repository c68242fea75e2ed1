/** What others use of the notifications feature (features/README.md). */
export { notificationsRoutes, notificationStreamRoutes } from './notifications.routes.ts';
export { startNotificationHub } from './notification-hub.ts';
export { insertNotificationEvent, notificationEventInsert } from './notifications.queries.ts';
