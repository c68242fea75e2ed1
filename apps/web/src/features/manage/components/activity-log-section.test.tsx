import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { emptyStateTexts, manageApiPaths, type ManagerLog } from '@fd/contract';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type TestResponse } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as section from './activity-log-section.tsx';
import type * as keys from '../api/manage-keys.ts';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; section: typeof section; keys: typeof keys };
let answer: Handler;

const business = businessDetailFixture();
const logsUrl = `/api/v1/${manageApiPaths.managerLogs(business.uuid)}`;

const logs: ManagerLog[] = [
  {
    id: 8,
    created_at: '2026-11-22T16:45:10.000Z',
    action: 'Changed Tax EIN from Pending to Approved',
    manager_name: 'Ngozi Eze',
    feedback_log_category: 'Tax EIN',
    feedback: null,
  },
  {
    id: 7,
    created_at: '2026-11-21T08:03:00.000Z',
    action: 'Updated Business Name from Acme to Acme Holdings',
    manager_name: 'Tunde Bello',
    feedback_log_category: 'Business Details',
    feedback: null,
  },
];
const sentFeedback: ManagerLog = {
  id: 9,
  created_at: '2026-11-23T10:15:00.000Z',
  action: 'Sent feedback "Tax ID" on Tax EIN to the client (ein.pdf, 50 KB)',
  manager_name: 'Ngozi Eze',
  feedback_log_category: 'Tax ID',
  feedback: {
    id: 4,
    business: business.id,
    status_item_id: 3,
    feedback_title: 'Tax ID',
    message_body: 'The EIN letter is unreadable.\nPlease upload a clearer scan.',
    file_url: 'https://example.com/how-to-scan',
    attachment_file: '/api/v1/files/feedback/4?signature=a',
    file_name: 'ein.pdf',
    file_size: 51_200,
    manager_name: 'Ngozi Eze',
    created_at: '2026-11-23T10:15:00.000Z',
  },
};
const logsBody = (list: ManagerLog[]): TestResponse => ({
  status: 200,
  body: { data: { manager_logs: { feedback_doc_logs: list } } },
});

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    section: await import('./activity-log-section.tsx'),
    keys: await import('../api/manage-keys.ts'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answer = () => logsBody(logs);
});

/** Stands for any write elsewhere on the screen (W1's edits and status updates). */
function SomeWrite() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => void modules.keys.invalidateAfterWrite(queryClient, business.uuid)}
    >
      Write
    </button>
  );
}

function renderLog() {
  modules.testing.storeSession();
  return modules.testing.renderScreen(
    <>
      <modules.section.ActivityLogSection business={business} />
      <SomeWrite />
    </>,
  );
}

describe('activities log section', { timeout: 15_000 }, () => {
  it('shows each entry newest first: timestamp, action, manager name and category', async () => {
    renderLog();
    const list = await screen.findByRole('list', { name: 'Activities' });
    expect(server.requests.map((request) => request.url)).toEqual([logsUrl]);

    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('2026-11-22 16:45')).toBeInTheDocument();
    expect(
      within(first!).getByText('Changed Tax EIN from Pending to Approved'),
    ).toBeInTheDocument();
    expect(within(first!).getByText('by Ngozi Eze')).toBeInTheDocument();
    expect(within(first!).getByText('Tax EIN')).toBeInTheDocument();
    expect(within(second!).getByText('2026-11-21 08:03')).toBeInTheDocument();
    expect(within(second!).getByText('by Tunde Bello')).toBeInTheDocument();
    expect(within(second!).getByText('Business Details')).toBeInTheDocument();
  });

  it('shows what a feedback sent: title, message, file, link, sender and time', async () => {
    answer = () => logsBody([sentFeedback, ...logs]);
    renderLog();
    const sent = await screen.findByRole('figure', { name: 'Sent to the client: Tax ID' });
    expect(within(sent).getByText('Tax ID')).toBeInTheDocument();
    expect(within(sent).getByText(/The EIN letter is unreadable\.\s+Please upload/)).toBeVisible();
    const file = within(sent).getByRole('link', { name: /ein\.pdf/ });
    expect(file).toHaveAttribute('href', sentFeedback.feedback!.attachment_file);
    expect(file).toHaveTextContent('ein.pdf· 50 KB');
    expect(within(sent).getByText('Link: https://example.com/how-to-scan')).toBeInTheDocument();
    expect(within(sent).getByText(/Sent by Ngozi Eze/)).toHaveTextContent(
      'Sent by Ngozi Eze · 2026-11-23 10:15',
    );
    // Other entries carry nothing more.
    expect(screen.getAllByRole('figure')).toHaveLength(1);
  });

  it("says 'No manager logs available' when there are none", async () => {
    answer = () => logsBody([]);
    renderLog();
    expect(await screen.findByText(emptyStateTexts.managerLogs)).toBeInTheDocument();
    expect(emptyStateTexts.managerLogs).toBe('No manager logs available');
  });

  it('follows any write on the screen without a reload', async () => {
    answer = () => logsBody(logs.slice(1));
    const { user } = renderLog();
    await screen.findByText('Updated Business Name from Acme to Acme Holdings');
    expect(screen.queryByText('Changed Tax EIN from Pending to Approved')).toBeNull();

    answer = () => logsBody(logs);
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(await screen.findByText('Changed Tax EIN from Pending to Approved')).toBeInTheDocument();
    expect(server.requests.map((request) => request.url)).toEqual([logsUrl, logsUrl]);
  });

  it('shows a failed load with a way to try again', async () => {
    answer = () => ({ status: 404, body: { errors: { detail: 'Not found.' } } });
    const { user } = renderLog();
    expect(
      await screen.findByText(modules.section.MANAGER_LOGS_LOAD_ERROR_TEXT),
    ).toBeInTheDocument();
    expect(screen.queryByText(emptyStateTexts.managerLogs)).toBeNull();

    answer = () => logsBody(logs);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Activities' })).toBeInTheDocument();
  });
});
