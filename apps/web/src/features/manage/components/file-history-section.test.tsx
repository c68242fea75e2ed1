import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { manageApiPaths, type FileHistoryEntry } from '@fd/contract';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type TestResponse } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as section from './file-history-section.tsx';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; section: typeof section };
let answer: Handler;

const business = businessDetailFixture();
const historyUrl = `/api/v1/${manageApiPaths.fileHistory(business.uuid)}`;

const entries: FileHistoryEntry[] = [
  {
    id: 'feedback-9',
    direction: 'sent',
    source: 'feedback',
    title: 'Tax ID',
    file_name: 'ein.pdf',
    file_size: 51_200,
    content_type: 'application/pdf',
    by: 'Ngozi Eze',
    created_at: '2026-11-22T16:45:10.000Z',
    download_url: 'https://files.example.com/api/v1/files/feedback/9?signature=a',
    message: 'Here is your EIN letter.',
  },
  {
    id: 'document-11',
    direction: 'received',
    source: 'document',
    title: 'International passport',
    file_name: 'passport.jpg',
    file_size: 12_000,
    content_type: 'image/jpeg',
    by: 'Ada Obi',
    created_at: '2026-11-21T09:35:00.000Z',
    download_url: 'https://files.example.com/api/v1/files/document/11?signature=b',
    message: null,
  },
];
const historyBody = (list: FileHistoryEntry[]): TestResponse => ({
  status: 200,
  body: { data: { file_history: list } },
});

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    section: await import('./file-history-section.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answer = () => historyBody(entries);
});

function renderHistory() {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.section.FileHistorySection business={business} />);
}

describe('file history section', { timeout: 15_000 }, () => {
  it('shows every file in the order sent: title, name, direction, by, UTC date-time, KB, link', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: 'File history' });
    expect(server.requests.map((request) => request.url)).toEqual([historyUrl]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // A sent file's title carries the message sent with it.
      [
        'Tax IDHere is your EIN letter.',
        'ein.pdf',
        'Sent to client',
        'Ngozi Eze',
        '2026-11-22 16:45',
        '50 KB',
      ],
      [
        'International passport',
        'passport.jpg',
        'Received from client',
        'Ada Obi',
        '2026-11-21 09:35',
        '12 KB',
      ],
    ]);
    const link = within(rows[1]!).getByRole('link', { name: 'Download passport.jpg' });
    expect(link).toHaveAttribute('href', entries[1]!.download_url);
    expect(link).toHaveAttribute('download', 'passport.jpg');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says when no file has been exchanged yet', async () => {
    answer = () => historyBody([]);
    renderHistory();
    expect(await screen.findByText(modules.section.NO_FILE_HISTORY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a spinner while loading, then a failed load with a way to try again', async () => {
    answer = () => ({ status: 403, body: { errors: { detail: 'Forbidden.' } } });
    const { user } = renderHistory();
    expect(screen.getByRole('status', { name: 'Loading file history' })).toBeInTheDocument();
    expect(
      await screen.findByText(modules.section.FILE_HISTORY_LOAD_ERROR_TEXT),
    ).toBeInTheDocument();

    answer = () => historyBody(entries);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'File history' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(2);
  });
});
