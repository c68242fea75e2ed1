import { useNotificationCounts } from '../features/notifications/api/list-notifications.ts';
import { NotificationsPanel } from '../features/notifications/components/notifications-panel.tsx';
import { useNotificationStream } from '../features/notifications/use-notification-stream.ts';
import { useUnreadCountTitle } from '../features/notifications/use-unread-count-title.ts';
import { AppLayout } from '../features/shell/components/app-layout.tsx';

/**
 * The authenticated area's layout: the shell, with the notifications joined in here because
 * features never import one another (apps/web/src/README.md). The live stream, the badge and
 * the title's count stay for as long as a manager is signed in.
 */
export function SignedInLayout() {
  useNotificationStream();
  const unreadCount = useNotificationCounts().data?.unread ?? 0;
  useUnreadCountTitle(unreadCount);
  return (
    <AppLayout
      notifications={{
        unreadCount,
        renderPanel: (close) => <NotificationsPanel onOpenBusiness={close} />,
      }}
    />
  );
}
