import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import {
  documentFeedbackTitles,
  emptyStateTexts,
  manageTexts,
  successMessages,
  type BusinessDetail,
} from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as queries from '#/lib/business-queries.ts';
import type * as section from './verification-documents-section.tsx';

// Each step waits on a real server: room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; queries: typeof queries; section: typeof section };
let business: BusinessDetail;

const fixture = businessDetailFixture();
const uuid = fixture.uuid;
const steps = fixture.business_formation_statuses;
const detailUrl = `/api/v1/manager/business/detail/${uuid}/`;

const storedDocument = (id: number, title: string, fileName: string) => ({
  id,
  uuid: `a0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  document_title: title,
  file_name: fileName,
  size: 2048,
  content_type: 'application/pdf',
  file: `https://files.example.com/${fileName}?signature=s${id}`,
  created_at: '2026-11-21T09:35:00.000Z',
});

const documents: BusinessDetail['documents'] = {
  kyc: [
    storedDocument(11, 'International passport', 'passport.pdf'),
    storedDocument(12, 'National ID', 'nin.pdf'),
    storedDocument(13, 'Utility bill', 'bill.pdf'),
    storedDocument(14, 'Proof of address', 'lease.pdf'),
    storedDocument(15, 'Selfie', 'selfie.jpg'),
  ],
  kyb: [storedDocument(21, 'Certificate of incorporation', 'certificate.pdf')],
};

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === detailUrl) {
      return { status: 200, body: { data: business } };
    }
    if (request.method === 'POST' && request.url === '/api/v1/manager/feedback/status/') {
      return {
        status: 201,
        body: {
          data: {
            step: {
              id: steps.national_id_status.id,
              status: 'FAILED',
              status_item_name: 'National ID',
            },
            feedback: {
              id: 3,
              business: business.id,
              status_item_id: steps.national_id_status.id,
              feedback_title: 'National identification doc',
              message_body: 'Blurred.',
              file_url: null,
              attachment_file: null,
              file_name: null,
              file_size: null,
              manager_name: 'Ngozi Eze',
              created_at: '2026-11-21T10:00:00.000Z',
            },
          },
        },
      };
    }
    if (request.method === 'PUT') {
      return {
        status: 200,
        body: {
          data: {
            id: 1,
            status: 'PROCESSING',
            status_item_name: 'Utility Bill',
            status_since: '2026-11-27T09:00:00.000Z',
          },
        },
      };
    }
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    queries: await import('#/lib/business-queries.ts'),
    section: await import('./verification-documents-section.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  business = businessDetailFixture({ documents });
});
afterEach(() => act(() => clearSession()));

function Documents() {
  const { businessUUID = '' } = useParams();
  const query = modules.queries.useBusinessDetail(businessUUID);
  return query.data ? <modules.section.VerificationDocumentsSection business={query.data} /> : null;
}

async function renderDocuments(overrides: Partial<BusinessDetail> = {}) {
  business = { ...business, ...overrides };
  modules.testing.storeSession();
  const view = modules.testing.renderScreen(<Documents />, {
    path: '/manage-business/:businessUUID',
    initialEntry: `/manage-business/${uuid}`,
  });
  await screen.findByRole('article', { name: 'Government ID' });
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });
const downloads = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('link')
    .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);

// Real requests, each test several: room for a busy machine running files side by side.
describe('verification documents', { timeout: 15_000 }, () => {
  it('puts each identity document on its card, with its status and download link', async () => {
    await renderDocuments({
      business_formation_statuses: {
        ...steps,
        national_id_status: { ...steps.national_id_status, status: 'FAILED' },
      },
    });
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Government ID', 'National ID', 'Utility Bill']);

    expect(downloads(card('Government ID'))).toEqual([
      ['Download International passport', documents.kyc[0]!.file],
    ]);
    expect(downloads(card('National ID'))).toEqual([
      ['Download National ID', documents.kyc[1]!.file],
    ]);
    expect(downloads(card('Utility Bill'))).toEqual([
      ['Download Utility bill', documents.kyc[2]!.file],
      ['Download Proof of address', documents.kyc[3]!.file],
    ]);
    expect(within(card('Government ID')).getByText('passport.pdf · 2 KB')).toBeInTheDocument();

    expect(within(card('Government ID')).getByText('Pending')).toBeInTheDocument();
    expect(within(card('National ID')).getByText('Failed')).toBeInTheDocument();
    for (const name of ['Government ID', 'National ID', 'Utility Bill']) {
      expect(
        within(card(name)).getByRole('button', { name: `Change status of ${name}` }),
      ).toBeInTheDocument();
    }

    // Documents of no card are still listed.
    const others = screen.getByRole('heading', { name: 'Other documents' }).parentElement!;
    expect(downloads(others).map(([label]) => label)).toEqual([
      'Download Selfie',
      'Download Certificate of incorporation',
    ]);
    expect(screen.queryByText(emptyStateTexts.documents)).not.toBeInTheDocument();
  });

  it("says 'No verification documents available.' when there are none", async () => {
    await renderDocuments({ documents: { kyc: [], kyb: [] } });
    expect(screen.getByText('No verification documents available.')).toBeInTheDocument();
    expect(emptyStateTexts.documents).toBe('No verification documents available.');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Other documents' })).not.toBeInTheDocument();
  });

  it('moves a document status with the same choices, confirmation and endpoint of its kind', async () => {
    const { user } = await renderDocuments();
    await user.click(
      within(card('Utility Bill')).getByRole('button', { name: 'Change status of Utility Bill' }),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Processing',
      'Approved',
      'Failed',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Processing' }));
    await user.click(
      within(screen.getByRole('dialog', { name: manageTexts.confirmStatus })).getByRole('button', {
        name: 'Update status',
      }),
    );
    expect(await screen.findByText(successMessages.statusUpdated)).toBeVisible();
    const puts = server.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => [request.url, JSON.parse(request.body) as unknown])).toEqual([
      [
        `/api/v1/manager/settings/utility-bill/update/${steps.utility_bill_status.id}/`,
        { status: 'PROCESSING' },
      ],
    ]);
  });

  it('reports a failed document with the document titles, sent with FAILED on confirming', async () => {
    const { user } = await renderDocuments();
    await user.click(
      within(card('National ID')).getByRole('button', { name: 'Change status of National ID' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Failed' }));

    const report = await screen.findByRole('dialog', { name: 'Error Message' });
    const title = within(report).getByRole('combobox', { name: 'Feedback Title' });
    expect(
      within(title)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...documentFeedbackTitles]);
    expect(title).toHaveValue('National identification doc');
    await user.type(within(report).getByRole('textbox', { name: 'Message' }), 'Blurred.');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(server.requests.find((request) => request.method === 'POST')).toBeUndefined();

    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    expect(await screen.findByText(successMessages.feedbackSent)).toBeVisible();
    expect(await screen.findByText(successMessages.statusUpdated)).toBeVisible();
    const post = server.requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post!.body)).toEqual({
      message_body: 'Blurred.',
      status_item_id: steps.national_id_status.id,
      business_id: business.id,
      feedback_title: 'National identification doc',
      status: 'FAILED',
    });
    expect(server.requests.find((request) => request.method === 'PUT')).toBeUndefined();
  });

  it("opens each file in the viewer, in the screen's order, with its card's status choices", async () => {
    const { user } = await renderDocuments();
    await user.click(within(card('National ID')).getByRole('button', { name: 'View National ID' }));
    const viewer = screen.getByRole('dialog', { name: 'National ID' });
    // The cards' files first (Proof of address is the Utility Bill card's), then the others.
    expect(viewer).toHaveAccessibleDescription('Document 2 of 6 · nin.pdf');
    expect(
      within(viewer).getByRole('button', { name: 'Change status of National ID' }),
    ).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    const proof = screen.getByRole('dialog', { name: 'Proof of address' });
    expect(proof).toHaveAccessibleDescription('Document 4 of 6 · lease.pdf');
    expect(
      within(proof).getByRole('button', { name: 'Change status of Utility Bill' }),
    ).toBeInTheDocument();

    // A file of no card is shown, with no status to change.
    await user.keyboard('{ArrowRight}');
    const selfie = screen.getByRole('dialog', { name: 'Selfie' });
    expect(selfie).toHaveAccessibleDescription('Document 5 of 6 · selfie.jpg');
    expect(within(selfie).queryByRole('button', { name: /^Change status of/ })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(card('National ID')).getByRole('button', { name: 'View National ID' }),
    ).toHaveFocus();
  });
});
