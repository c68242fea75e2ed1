import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { TimelineEvent, TimelinePage } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { startTestServer, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as timeline from './business-timeline.tsx';

/**
 * The timeline section (docs/product.md §12.1) against a real HTTP server with canned pages:
 * what each kind shows, 'Show older events' with the cursor, the kind filter, the empty and
 * failed states.
 */

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;
let answer: (request: RecordedRequest) => { status: number; body: unknown };
let modules: { testing: typeof testing; timeline: typeof timeline };

const businessUuid = '0b6f1f8e-5d1c-4c53-9a51-2f3c1d2e4a10';
const at = '2026-11-27T10:15:00.000Z';
const event = (overrides: Partial<TimelineEvent>): TimelineEvent => ({
  id: 'log-1',
  kind: 'step',
  created_at: at,
  actor: 'Ada Lovelace',
  text: 'Changed Tax EIN from Pending to Processing',
  category: 'Tax EIN',
  feedback: null,
  comment: null,
  ...overrides,
});
const feedbackEvent = event({
  id: 'log-2',
  kind: 'feedback',
  text: 'Sent feedback "Tax ID" on Tax EIN to the client',
  category: 'Tax ID',
  feedback: {
    id: 7,
    business: 1,
    status_item_id: 3,
    feedback_title: 'Tax ID',
    message_body: 'Your EIN letter is unreadable;\nplease send a clear scan.',
    file_url: null,
    attachment_file: '/api/v1/files/feedback/7?expires=1&signature=abc',
    file_name: 'letter.pdf',
    file_size: 2048,
    manager_name: 'Ada Lovelace',
    created_at: at,
  },
});
const clientEvent = event({
  id: 'client-4',
  kind: 'client',
  actor: null,
  category: null,
  text: 'A new document was added to Acme Holdings: Passport.',
});
const commentEvent = event({
  id: 'log-3',
  kind: 'comment',
  text: 'Added a comment',
  category: 'Comment',
  comment: 'Called the client.',
});
const page = (events: TimelineEvent[], next: string | null = null) => ({
  status: 200,
  body: { data: { events, next_cursor: next } satisfies TimelinePage },
});

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    timeline: await import('./business-timeline.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});
afterEach(() => act(() => clearSession()));

function renderTimeline() {
  modules.testing.storeSession();
  return modules.testing.renderScreen(
    <modules.timeline.BusinessTimeline businessUuid={businessUuid} />,
  );
}
const list = () => screen.getByRole('list', { name: 'Timeline events' });
const queryOf = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.url, 'http://x').searchParams);

describe('BusinessTimeline', () => {
  it('shows each event: what happened, who, the message and file sent, the comment; then older ones', async () => {
    answer = (request) =>
      queryOf(request).before === '1795000000000000-1-2'
        ? page([clientEvent])
        : page([commentEvent, feedbackEvent, event({ id: 'log-9' })], '1795000000000000-1-2');
    const { user } = renderTimeline();
    const items = await within(
      await screen.findByRole('list', { name: 'Timeline events' }),
    ).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(server.requests[0]!.url).toBe(`/api/v1/manager/business/timeline/${businessUuid}/`);

    expect(items[0]).toHaveTextContent('Added a comment');
    expect(items[0]).toHaveTextContent('by Ada Lovelace');
    expect(within(items[0]!).getByText('Called the client.')).toBeVisible();
    const sent = within(items[1]!).getByRole('figure', { name: 'Sent to the client: Tax ID' });
    expect(sent).toHaveTextContent('Your EIN letter is unreadable; please send a clear scan.');
    expect(within(sent).getByRole('link', { name: /letter\.pdf/ })).toHaveAttribute(
      'href',
      feedbackEvent.feedback!.attachment_file,
    );
    expect(items[2]).toHaveTextContent('Changed Tax EIN from Pending to Processing');
    expect(within(items[2]!).getByText('Tax EIN')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    await within(list()).findByText('A new document was added to Acme Holdings: Passport.');
    expect(queryOf(server.requests.at(-1)!)).toEqual({ before: '1795000000000000-1-2' });
    const all = within(list()).getAllByRole('listitem');
    expect(all).toHaveLength(4);
    expect(all[3]).toHaveTextContent('by the client');
    expect(within(all[3]!).getByText('Client')).toBeVisible();
    // The last page: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Show older events' })).not.toBeInTheDocument();
  });

  it('asks one kind when the filter says so, and says when there is none', async () => {
    answer = (request) => (queryOf(request).kind === 'upload' ? page([]) : page([feedbackEvent]));
    const { user } = renderTimeline();
    await within(await screen.findByRole('list', { name: 'Timeline events' })).findByText(
      feedbackEvent.text,
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'Uploads');
    expect(await screen.findByText('No events of this kind yet.')).toBeVisible();
    expect(queryOf(server.requests.at(-1)!)).toEqual({ kind: 'upload' });
    await user.selectOptions(screen.getByLabelText('Show'), 'All events');
    await within(await screen.findByRole('list', { name: 'Timeline events' })).findByText(
      feedbackEvent.text,
    );
  });

  it('says when nothing happened yet, and when the timeline cannot be read, with Try again', async () => {
    answer = () => page([]);
    const { unmount } = renderTimeline();
    expect(await screen.findByText('Nothing has happened to this business yet.')).toBeVisible();
    unmount();

    answer = () => ({ status: 500, body: { errors: { detail: 'Something went wrong.' } } });
    const { user } = renderTimeline();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The timeline could not be loaded.',
    );
    answer = () => page([clientEvent]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await within(await screen.findByRole('list', { name: 'Timeline events' })).findByText(
      clientEvent.text,
    );
  });
});
