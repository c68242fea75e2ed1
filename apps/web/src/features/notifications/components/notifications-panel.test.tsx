import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { apiErrorDetails, emptyStateTexts, successMessages } from '@fd/contract';
import { startTestServer, type RecordedRequest, type TestResponse } from '#/testing/http-server.ts';
import { NotificationInbox, notificationFixture } from '#/testing/notification-inbox.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './notifications-page.tsx';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };
let inbox: NotificationInbox;
/** Answers before the inbox does, when a test needs a failure. */
let override: ((request: RecordedRequest) => TestResponse | undefined) | undefined;

beforeAll(async () => {
  server = await startTestServer((request) => {
    const answer = override?.(request) ?? inbox.answer(request);
    return answer ?? { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./notifications-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  override = undefined;
  inbox = new NotificationInbox([
    notificationFixture({ message: 'Incorporation was approved', status: 'Approved' }),
    notificationFixture({ message: 'Stripe step failed', status: 'Failed', is_read: true }),
    notificationFixture({ message: 'Handover completed', status: 'Completed' }),
    notificationFixture({ message: 'Payment is processing', status: 'Processing', is_read: true }),
    notificationFixture({ message: 'A manager commented', status: 'Comment', business: null }),
  ]);
});

function renderPage() {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.NotificationsPage />, {
    path: '/mobilenotification',
  });
}

const list = () => screen.findByRole('list', { name: 'Notifications' });
const item = (message: string) => screen.getByText(message).closest('li')!;
const requestsOf = (method: string) =>
  server.requests.filter((request) => request.method === method);

describe('notifications page and panel', { timeout: 15_000 }, () => {
  it("has the heading, today's date in UTC, and the tabs with the server's counts", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T23:30:00Z'));
    try {
      renderPage();
      expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
      expect(screen.getByText('Today, November 23, 2026')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    await list();
    const tabs = screen.getAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual(['All5', 'Read2', 'Unread3']),
    );
    // Named as they read (WCAG 2.5.3).
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'All 5',
      'Read 2',
      'Unread 3',
    ]);
    expect(screen.getByRole('tab', { name: /^All\b/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('heads each UTC day of the list (h2 under the page heading): Today, Yesterday, then the date', async () => {
    inbox = new NotificationInbox(
      [
        ['Newest', '2026-11-23T09:00:00Z'],
        ['Late yesterday', '2026-11-22T23:00:00Z'],
        ['Early yesterday', '2026-11-22T01:00:00Z'],
        ['Older', '2026-11-20T12:00:00Z'],
      ].map(([message, createdAt]) => notificationFixture({ message, created_at: createdAt })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    try {
      renderPage();
    } finally {
      vi.useRealTimers();
    }
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('h2')?.textContent ?? null)).toEqual([
      'Today',
      'Yesterday',
      null,
      'November 20, 2026',
    ]);
  });

  it('lists each notification with its business, UTC date, coloured badge and unread styling', async () => {
    renderPage();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('a, p')?.textContent)).toEqual([
      'Incorporation was approved',
      'Stripe step failed',
      'Handover completed',
      'Payment is processing',
      'A manager commented',
    ]);
    const first = inbox.notifications[0]!;
    const approved = item('Incorporation was approved');
    expect(within(approved).getByText(first.business!.business_name)).toBeInTheDocument();
    expect(within(approved).getByText('2026-11-22 14:07')).toBeInTheDocument();
    expect(
      within(approved).getByRole('link', { name: 'Incorporation was approved' }),
    ).toHaveAttribute('href', `/full-business-details/${first.business!.uuid}`);

    // docs/product.md §4.3: Processing blue, Approved and Completed green, Failed red, else blue.
    const tones = Object.fromEntries(
      ['Approved', 'Failed', 'Completed', 'Processing', 'Comment'].map((status) => [
        status,
        screen.getByText(status, { selector: '[data-tone]' }).getAttribute('data-tone'),
      ]),
    );
    expect(tones).toEqual({
      Approved: 'green',
      Failed: 'red',
      Completed: 'green',
      Processing: 'blue',
      Comment: 'blue',
    });

    expect(items.map((li) => li.dataset.read)).toEqual(['false', 'true', 'false', 'true', 'false']);
    // Only unread ones can be marked read; every one can be deleted.
    expect(
      within(approved).getByRole('button', { name: 'Mark as read' }),
    ).toHaveAccessibleDescription('Incorporation was approved');
    expect(
      within(item('Stripe step failed')).queryByRole('button', { name: 'Mark as read' }),
    ).toBeNull();
    expect(
      within(item('Stripe step failed')).getByRole('button', { name: 'Delete' }),
    ).toBeInTheDocument();
    // A notification whose business is gone opens nothing.
    expect(within(item('A manager commented')).queryByRole('link')).toBeNull();
  });

  it('asks the server for each tab and shows its empty text', async () => {
    inbox = new NotificationInbox();
    const { user } = renderPage();
    expect(await screen.findByText(emptyStateTexts.notifications)).toBeInTheDocument();
    expect(emptyStateTexts.notifications).toBe('You have no notifications available');

    await user.click(screen.getByRole('tab', { name: /^Read\b/ }));
    expect(await screen.findByText('You have no read notifications available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Unread\b/ }));
    expect(
      await screen.findByText('You have no unread notifications available'),
    ).toBeInTheDocument();

    const lists = requestsOf('GET')
      .map((request) => new URL(request.url, server.url))
      .filter((url) => url.searchParams.get('page_size') !== '1')
      .map((url) => url.search);
    expect(lists).toEqual([
      '?page=1&page_size=20',
      '?status=read&page=1&page_size=20',
      '?status=unread&page=1&page_size=20',
    ]);
  });

  it('shows only unread ones on the Unread tab, and only read ones on the Read tab', async () => {
    const { user } = renderPage();
    await list();
    await user.click(screen.getByRole('tab', { name: /^Unread\b/ }));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3),
    );
    await user.click(screen.getByRole('tab', { name: /^Read\b/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list'))
          .getAllByRole('listitem')
          .map((li) => li.dataset.read),
      ).toEqual(['true', 'true']),
    );
  });

  it("marks one read with PUT { is_read: true }, toasts 'Notification marked as read.' and refreshes", async () => {
    const { user } = renderPage();
    await list();
    const target = inbox.notifications[0]!;
    await user.click(
      within(item('Incorporation was approved')).getByRole('button', { name: 'Mark as read' }),
    );

    expect(await screen.findByText('Notification marked as read.')).toBeInTheDocument();
    expect(screen.queryByText(successMessages.notificationDeleted)).not.toBeInTheDocument();
    const [put] = requestsOf('PUT');
    expect(put?.url).toBe(`/api/v1/notifications/${target.uuid}/`);
    expect(JSON.parse(put!.body)).toEqual({ is_read: true });
    await waitFor(() => expect(item('Incorporation was approved').dataset.read).toBe('true'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Unread\b/ })).toHaveTextContent('2'),
    );
  });

  it("deletes one with DELETE, toasts 'Notification deleted successfully.' and drops it from the list and counts", async () => {
    const { user } = renderPage();
    await list();
    const target = inbox.notifications[1]!;
    await user.click(within(item('Stripe step failed')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(successMessages.notificationDeleted)).toBeInTheDocument();
    expect(requestsOf('DELETE').map((request) => request.url)).toEqual([
      `/api/v1/notifications/${target.uuid}/`,
    ]);
    await waitFor(() => expect(screen.queryByText('Stripe step failed')).toBeNull());
    await waitFor(() => expect(screen.getByRole('tab', { name: /^All\b/ })).toHaveTextContent('4'));
  });

  it("shows the server's errors.detail when marking read or deleting fails", async () => {
    override = (request) =>
      request.method === 'PUT' || request.method === 'DELETE'
        ? { status: 404, body: { errors: { detail: apiErrorDetails.notificationNotFound } } }
        : undefined;
    const { user } = renderPage();
    await list();
    await user.click(
      within(item('Handover completed')).getByRole('button', { name: 'Mark as read' }),
    );
    expect(await screen.findByText('Notification not found.')).toBeInTheDocument();

    override = (request) =>
      request.method === 'DELETE'
        ? { status: 500, body: { errors: { detail: 'Something went wrong on our side.' } } }
        : undefined;
    await user.click(within(item('Handover completed')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.getByText('Handover completed')).toBeInTheDocument();
    expect(screen.queryByText(successMessages.notificationDeleted)).toBeNull();
  });

  it('opens the business from a notification and marks it read', async () => {
    const { user } = renderPage();
    await list();
    const target = inbox.notifications[0]!;
    await user.click(screen.getByRole('link', { name: 'Incorporation was approved' }));

    expect(
      await screen.findByText(`Went to /full-business-details/${target.business!.uuid}`),
    ).toBeInTheDocument();
    // The page is gone, but the write and its toast still finish.
    expect(await screen.findByText(successMessages.notificationMarkedRead)).toBeInTheDocument();
    expect(requestsOf('PUT').map((request) => request.url)).toEqual([
      `/api/v1/notifications/${target.uuid}/`,
    ]);
  });

  it('does not mark a read notification again when it is opened', async () => {
    const { user } = renderPage();
    await list();
    await user.click(screen.getByRole('link', { name: 'Stripe step failed' }));
    await screen.findByText(/^Went to \/full-business-details\//);
    expect(requestsOf('PUT')).toEqual([]);
  });

  it("'Mark all as read' sends the newest one shown as `through`, and is disabled with none unread", async () => {
    const { user } = renderPage();
    await list();
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    const [post] = requestsOf('POST');
    expect(post?.url).toBe('/api/v1/notifications/mark-all-read/');
    expect(JSON.parse(post!.body)).toEqual({ through: inbox.notifications[0]!.uuid });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Unread\b/ })).toHaveTextContent('0'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list'))
          .getAllByRole('listitem')
          .every((li) => li.dataset.read === 'true'),
      ).toBe(true),
    );
    expect(button).toBeDisabled();
  });

  it('loads the next server page with Load more', async () => {
    inbox = new NotificationInbox(
      Array.from({ length: 23 }, (_, index) =>
        notificationFixture({ message: `Numbered ${index + 1}` }),
      ),
    );
    const { user } = renderPage();
    await list();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(23),
    );
    expect(screen.getByText('Numbered 23')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requestsOf('GET').some((request) => request.url.includes('page=2&page_size=20'))).toBe(
      true,
    );
  });

  it('shows a spinner while loading, then an error with a way to try again', async () => {
    let fail = true;
    override = (request) =>
      fail && request.method === 'GET' && !request.url.includes('page_size=1')
        ? { status: 400, body: { errors: { detail: 'page must be a whole number.' } } }
        : undefined;
    const { user } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The notifications could not be loaded.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await list()).toBeInTheDocument();
  });
});
