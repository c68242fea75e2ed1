import { lazy, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';
import { useIdle } from '../hooks/use-idle.ts';
import { useNotificationCounts } from '../features/notifications/api/list-notifications.ts';
import { useNotificationStream } from '../features/notifications/use-notification-stream.ts';
import { useUnreadCountTitle } from '../features/notifications/use-unread-count-title.ts';
import { AppLayout } from '../features/shell/components/app-layout.tsx';
import { QueryProvider } from './query-provider.tsx';

// The bell's panel loads when the bell is first opened, not with every signed-in screen
// (docs/decisions/031-a-light-first-visit-the-sign-in.md); until then it shows the panel's own
// loading state.
const NotificationsPanel = lazy(async () => ({
  default: (await import('../features/notifications/components/notifications-panel.tsx'))
    .NotificationsPanel,
}));

// What the command menu offers beyond screens and businesses (docs/product.md §12.3): loaded
// once the screen is idle, like the badge and the stream.
const SavedViewCommands = lazy(async () => ({
  default: (await import('../features/businesses/components/saved-view-commands.tsx'))
    .SavedViewCommands,
}));
const AssignToMeCommand = lazy(async () => ({
  default: (await import('../features/manage/components/assign-to-me-command.tsx'))
    .AssignToMeCommand,
}));

function NotificationsPanelLoading() {
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner label="Loading notifications" className="size-7" />
    </div>
  );
}

/**
 * The authenticated area's layout: the shell, with the notifications joined in here because
 * features never import one another (apps/web/src/README.md). The live stream, the badge and
 * the title's count stay for as long as a manager is signed in.
 */
export function SignedInLayout() {
  return (
    <QueryProvider>
      <SignedInArea />
    </QueryProvider>
  );
}

function SignedInArea() {
  // The badge and the stream wait for the screen's first paint and the browser's first idle moment:
  // the screen's own code and data come first on a slow network
  // (docs/decisions/052-the-first-render-and-the-secondary-work.md).
  const idle = useIdle();
  useNotificationStream({ enabled: idle });
  const unreadCount = useNotificationCounts({ enabled: idle }).data?.unread ?? 0;
  useUnreadCountTitle(unreadCount);
  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <SavedViewCommands />
          <AssignToMeCommand />
        </Suspense>
      )}
      <AppLayout
        notifications={{
          unreadCount,
          renderPanel: (close) => (
            <Suspense fallback={<NotificationsPanelLoading />}>
              <NotificationsPanel onOpenBusiness={close} />
            </Suspense>
          ),
        }}
      />
    </>
  );
}
