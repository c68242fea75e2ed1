import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { NotificationStreamEvent } from '@fd/contract';
import { startTestServer } from '../testing/http-server.ts';
import { NotificationInbox, notificationFixture } from '../testing/notification-inbox.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '../testing/render-route.tsx';
import type * as session from '../lib/session.ts';
import type * as layout from './signed-in-layout.tsx';

configure({ asyncUtilTimeout: 4000 });

/**
 * jsdom has no EventSource: this one records what the app opens, and the test plays the
 * server's events (notification-stream.test.ts covers the reconnecting).
 */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  isClosed = false;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  close(): void {
    this.isClosed = true;
  }

  emit(type: NotificationStreamEvent, id: string, data: unknown = {}): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; session: typeof session; layout: typeof layout };
let inbox: NotificationInbox;

beforeAll(async () => {
  server = await startTestServer(
    (request) =>
      inbox.answer(request) ?? { status: 404, body: { errors: { detail: 'Not found.' } } },
  );
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('../testing/render-route.tsx'),
    session: await import('../lib/session.ts'),
    layout: await import('./signed-in-layout.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  document.title = 'Formation Desk';
  inbox = new NotificationInbox([
    notificationFixture({ message: 'First' }),
    notificationFixture({ message: 'Second' }),
    notificationFixture({ message: 'Third', is_read: true }),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLayout() {
  modules.testing.storeSession();
  return modules.testing.renderRoutes(
    [
      {
        element: <modules.layout.SignedInLayout />,
        children: [{ path: '*', element: <p>Current screen</p> }],
      },
    ],
    { initialEntry: '/business' },
  );
}

const openedStream = async () => {
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  return FakeEventSource.opened[0]!;
};

describe('signed-in layout: badge, title and live stream', { timeout: 15_000 }, () => {
  it('puts the unread count on the bell, the small-screen icon and the title', async () => {
    renderLayout();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(document.title).toBe('(2) Formation Desk');
  });

  it('opens the stream with a ticket from the bearer call, and follows its events', async () => {
    const { unmount } = renderLayout();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const stream = await openedStream();

    const ticketCall = server.requests.find((request) => request.method === 'POST');
    expect(ticketCall?.url).toBe('/api/v1/notifications/stream/ticket/');
    expect(ticketCall?.authorization).toBe('Bearer test-token');
    expect(stream.url).toBe(`${server.url}/api/v1/notifications/stream/?ticket=ticket-1`);

    // A new notification arrives: the badge, the title and the open panel follow.
    const arrived = notificationFixture({ message: 'Fourth' });
    inbox.notifications.unshift(arrived);
    act(() => stream.emit('notifications', '42:42:', { detail: [arrived] }));
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(document.title).toBe('(3) Formation Desk');

    // Signing out closes the stream; leaving the area takes the count off the title.
    act(() => modules.session.clearSession());
    expect(stream.isClosed).toBe(true);
    unmount();
    expect(document.title).toBe('Formation Desk');
  });

  it('reloads on a fresh `ready` and on `reset`, and drops the count once all are read', async () => {
    const { user } = renderLayout();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const stream = await openedStream();
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await within(panel).findByText('First');

    // Fresh (no last id): whatever arrived between the first load and the stream is fetched.
    const countCalls = () =>
      server.requests.filter((request) => request.url.includes('page_size=1')).length;
    const before = countCalls();
    act(() => stream.emit('ready', '49:49:', { resumed: false }));
    await waitFor(() => expect(countCalls()).toBe(before + 1));

    for (const n of inbox.notifications) n.is_read = true;
    act(() => stream.emit('reset', '50:50:'));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(document.title).toBe('Formation Desk');
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
    );
  });

  it('closes the dropdown when a notification opens its business', async () => {
    const { user, router } = renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('link', { name: 'First' }));
    expect(router.state.location.pathname).toBe(
      `/full-business-details/${inbox.notifications[0]!.business!.uuid}`,
    );
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });
});
