import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  emptyStateTexts,
  errorMessages,
  manageApiPaths,
  manageTexts,
  successMessages,
  validationMessages,
  type BusinessDetail,
  type Feedback,
} from '@fd/contract';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { installControlledXhr } from '#/testing/controlled-xhr.ts';
import { startCrossOriginFront } from '#/testing/cross-origin-front.ts';
import { startTestServer, type Handler, type TestResponse } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as section from './docs-management-section.tsx';
import type * as dialog from './upload-dialog.tsx';

// Each step waits on a real server.
configure({ asyncUtilTimeout: 5000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let front: Awaited<ReturnType<typeof startCrossOriginFront>>;
let modules: { testing: typeof testing; section: typeof section; dialog: typeof dialog };
let answer: Handler;

const business = businessDetailFixture();
const stepId = business.business_formation_statuses.post_doc_formation_status.id!;
const attachmentsUrl = `/api/v1/${manageApiPaths.postFormationAttachments(stepId)}`;
const uploadUrl = `/api/v1/${manageApiPaths.postFormationUpload}`;

function feedbackFixture(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: 1,
    business: business.id,
    status_item_id: stepId,
    feedback_title: 'Certificate of incorporation',
    message_body: 'Your certificate.',
    file_url: null,
    attachment_file: 'https://files.example.com/api/v1/files/feedback/1?signature=abc',
    file_name: 'certificate.pdf',
    file_size: 12_000,
    manager_name: 'Ngozi Eze',
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
const attachmentsBody = (list: Feedback[]): TestResponse => ({
  status: 200,
  body: { data: { post_doc_feedback_attachments: list } },
});
const uploaded = feedbackFixture({ id: 9, feedback_title: 'Tax ID', file_name: 'ein.pdf' });

/** A promise the test resolves by hand: the server's answer waits for it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The names of a multipart body's parts, in order. */
const partNames = (body: string) =>
  [...body.matchAll(/Content-Disposition: form-data; name="([^"]+)"/g)].map((m) => m[1]);
/** One text part's value. */
const partValue = (body: string, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  // jsdom's XMLHttpRequest enforces CORS; the front answers it (see cross-origin-front.ts).
  front = await startCrossOriginFront(server.url);
  vi.stubEnv('VITE_API_BASE_URL', `${front.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    section: await import('./docs-management-section.tsx'),
    dialog: await import('./upload-dialog.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await front.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answer = () => attachmentsBody([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection(detail: BusinessDetail = business) {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.section.DocsManagementSection business={detail} />);
}

/** The upload dialog, once its chunk has loaded (it is not part of the screen's first download). */
const uploadDialog = (title: string) => screen.findByRole('dialog', { name: title });
const confirmDialog = () =>
  screen.getByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE });
const pdf = (name = 'ein.pdf', text = '%PDF-1.4 EIN letter') =>
  new File([text], name, { type: 'application/pdf' });

type User = ReturnType<typeof renderSection>['user'];

async function openUpload(user: User, category = 'Tax ID') {
  await user.click(await screen.findByRole('button', { name: manageTexts.attachFiles }));
  await user.click(screen.getByRole('menuitem', { name: category }));
  return await uploadDialog(category);
}

async function fillUpload(
  user: User,
  dialogElement: HTMLElement,
  {
    message = 'Here is your EIN letter.',
    file = pdf() as File | null,
    url = '',
  }: { message?: string; file?: File | null; url?: string } = {},
) {
  const form = within(dialogElement);
  if (message) await user.type(form.getByLabelText('Message'), message);
  if (file) await user.upload(form.getByLabelText('File'), file);
  if (url) await user.type(form.getByLabelText('Insert URL (optional)'), url);
  await user.click(form.getByRole('button', { name: modules.dialog.CONTINUE_TEXT }));
}

describe('docs management: the attachments list', { timeout: 15_000 }, () => {
  it('numbers the files sent for the post-formation step, with size in KB and a download link', async () => {
    answer = () =>
      attachmentsBody([
        feedbackFixture(),
        feedbackFixture({
          id: 2,
          feedback_title: 'Other files',
          file_name: 'bylaws.docx',
          file_size: 2_048,
          attachment_file: 'https://files.example.com/api/v1/files/feedback/2?signature=def',
        }),
      ]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(server.requests.map((request) => request.url)).toEqual([attachmentsUrl]);

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(['1.', '2.']);
    expect(within(items[0]!).getByText('Certificate of incorporation')).toBeInTheDocument();
    expect(within(items[0]!).getByText('certificate.pdf · 12 KB')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Other files')).toBeInTheDocument();
    expect(within(items[1]!).getByText('bylaws.docx · 2 KB')).toBeInTheDocument();

    const link = within(items[0]!).getByRole('link', { name: 'Download certificate.pdf' });
    expect(link).toHaveAttribute('href', feedbackFixture().attachment_file);
    expect(link).toHaveAttribute('download', 'certificate.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("says 'No verification documents available.' when nothing was sent", async () => {
    renderSection();
    expect(await screen.findByText(emptyStateTexts.documents)).toBeInTheDocument();
    expect(emptyStateTexts.documents).toBe('No verification documents available.');
  });

  it('shows a failed load with a way to try again', async () => {
    answer = () => ({ status: 403, body: { errors: { detail: 'Forbidden.' } } });
    const { user } = renderSection();
    expect(
      await screen.findByText(modules.section.ATTACHMENTS_LOAD_ERROR_TEXT),
    ).toBeInTheDocument();
    answer = () => attachmentsBody([feedbackFixture()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Attached files' })).toBeInTheDocument();
  });

  it('cannot attach to a business without a post-formation step row', () => {
    const detail = businessDetailFixture({
      business_formation_statuses: {
        ...business.business_formation_statuses,
        post_doc_formation_status: {
          id: null,
          status: 'PENDING',
          status_item_name: 'Post Formation Doc',
          status_since: null,
        },
      },
    });
    renderSection(detail);
    expect(screen.getByText(modules.section.NO_POST_FORMATION_STEP_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: manageTexts.attachFiles })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});

describe('docs management: the upload', { timeout: 15_000 }, () => {
  it("offers the post-formation categories under 'Attach files'", async () => {
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: manageTexts.attachFiles }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Statement of incorporation',
      'Certificate of incorporation',
      'Tax ID',
      'Other files',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Certificate of incorporation' }));
    const opened = await uploadDialog('Certificate of incorporation');
    expect(within(opened).getByLabelText('File')).toHaveAttribute(
      'accept',
      expect.stringContaining('application/pdf'),
    );
    // No bar before anything is sent (docs/product.md §10.1).
    expect(within(opened).queryByRole('progressbar')).toBeNull();
  });

  it("asks for a file and a message: 'Please upload a file.'", async () => {
    const { user } = renderSection();
    const opened = await openUpload(user);
    await user.click(within(opened).getByRole('button', { name: modules.dialog.CONTINUE_TEXT }));

    expect(within(opened).getByText(validationMessages.fileRequired)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(validationMessages.fileRequired).toBe('Please upload a file.');
    expect(within(opened).getByText(modules.dialog.MESSAGE_REQUIRED_TEXT)).toBeInTheDocument();
    expect(within(opened).getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE })).toBeNull();
  });

  it.each(['javascript:alert(1)', 'notaurl'])(
    "refuses '%s' as the link: 'Please enter a valid URL.'",
    async (url) => {
      const { user } = renderSection();
      const opened = await openUpload(user);
      await fillUpload(user, opened, { url });

      expect(within(opened).getByText(validationMessages.urlInvalid)).toBeInTheDocument();
      expect(validationMessages.urlInvalid).toBe('Please enter a valid URL.');
      expect(within(opened).getByLabelText('Insert URL (optional)')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(
        screen.queryByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE }),
      ).toBeNull();
    },
  );

  it('asks for confirmation, and Cancel goes back with everything kept and nothing sent', async () => {
    const { user } = renderSection();
    const opened = await openUpload(user);
    await fillUpload(user, opened);

    const confirm = confirmDialog();
    expect(within(confirm).getByText(modules.dialog.CONFIRM_UPLOAD_TEXT)).toBeInTheDocument();
    expect(within(confirm).getByText('Tax ID: ein.pdf')).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: manageTexts.uploadFile })).toBeEnabled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE })).toBeNull();
    expect(within(opened).getByLabelText('Message')).toHaveValue('Here is your EIN letter.');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("uploads the six fields as multipart, shows 'Uploading...', then refetches and thanks", async () => {
    const release = deferred<void>();
    const attachmentLoads: number[] = [];
    answer = async (request) => {
      if (request.method === 'POST') {
        await release.promise;
        return { status: 201, body: { data: uploaded } };
      }
      attachmentLoads.push(Date.now());
      return attachmentsBody(attachmentLoads.length > 1 ? [uploaded] : []);
    };
    const { user } = renderSection();
    const opened = await openUpload(user);
    await fillUpload(user, opened, { url: 'https://drive.example.com/ein' });
    await user.click(within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }));

    const busy = await within(confirmDialog()).findByRole('button', {
      name: manageTexts.uploading,
    });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));

    // The upload is answered from here on; the toast may show a moment later (it loads then).
    const answeredAt = Date.now();
    release.resolve();
    expect(await screen.findByText(successMessages.fileUploaded)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    const upload = server.requests.find((request) => request.method === 'POST')!;
    expect(upload.url).toBe(uploadUrl);
    expect(upload.authorization).toBe('Bearer test-token');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(partNames(upload.body)).toEqual([
      'feedbackTitle',
      'statusItemId',
      'messageBody',
      'businessId',
      'fileURL',
      'file',
    ]);
    expect(partValue(upload.body, 'feedbackTitle')).toBe('Tax ID');
    expect(partValue(upload.body, 'statusItemId')).toBe(String(stepId));
    expect(partValue(upload.body, 'messageBody')).toBe('Here is your EIN letter.');
    expect(partValue(upload.body, 'businessId')).toBe(String(business.id));
    expect(partValue(upload.body, 'fileURL')).toBe('https://drive.example.com/ein');
    expect(upload.body).toContain(
      'name="file"; filename="ein.pdf"\r\nContent-Type: application/pdf',
    );
    expect(upload.body).toContain('%PDF-1.4 EIN letter');

    // The product reloads 2 s after an upload; here the list is fetched again at once.
    expect(await screen.findByText('ein.pdf · 12 KB')).toBeInTheDocument();
    expect(attachmentLoads).toHaveLength(2);
    expect(attachmentLoads[1]! - answeredAt).toBeLessThan(1000);
  });

  it('leaves fileURL out when no link is given: exactly five parts', async () => {
    answer = (request) =>
      request.method === 'POST' ? { status: 201, body: { data: uploaded } } : attachmentsBody([]);
    const { user } = renderSection();
    const opened = await openUpload(user, 'Other files');
    await fillUpload(user, opened, { message: 'Bylaws attached.' });
    await user.click(within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }));
    await screen.findByText(successMessages.fileUploaded);

    const upload = server.requests.find((request) => request.method === 'POST')!;
    expect(partNames(upload.body)).toEqual([
      'feedbackTitle',
      'statusItemId',
      'messageBody',
      'businessId',
      'file',
    ]);
    expect(partValue(upload.body, 'feedbackTitle')).toBe('Other files');
  });

  it.each([
    [413, 'The file is larger than 10 MB.'],
    [415, 'Only PDF, PNG, JPEG, GIF, DOCX and XLSX files can be uploaded.'],
  ])(
    'shows the server’s detail on a %i and keeps the dialog and its inputs',
    async (status, detail) => {
      answer = (request) =>
        request.method === 'POST' ? { status, body: { errors: { detail } } } : attachmentsBody([]);
      const { user } = renderSection();
      const opened = await openUpload(user);
      await fillUpload(user, opened, { url: 'https://drive.example.com/ein' });
      await user.click(
        within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }),
      );

      expect(await screen.findByText(detail)).toBeInTheDocument();
      expect(screen.queryByText(errorMessages.upload)).toBeNull();
      expect(
        screen.queryByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE }),
      ).toBeNull();
      expect(await uploadDialog('Tax ID')).toBe(opened);
      expect(within(opened).getByLabelText('Message')).toHaveValue('Here is your EIN letter.');
      expect(within(opened).getByLabelText('Insert URL (optional)')).toHaveValue(
        'https://drive.example.com/ein',
      );
      expect(within(opened).getByText('ein.pdf · 19 bytes')).toBeInTheDocument();
      expect(within(opened).queryByRole('progressbar')).toBeNull();
    },
  );

  it("says 'Error uploading file' when the answer has no detail", async () => {
    answer = (request) =>
      request.method === 'POST'
        ? { status: 502, raw: '<h1>Bad gateway</h1>' }
        : attachmentsBody([]);
    const { user } = renderSection();
    const opened = await openUpload(user);
    await fillUpload(user, opened);
    await user.click(within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }));

    expect(await screen.findByText(errorMessages.upload)).toBeInTheDocument();
    expect(errorMessages.upload).toBe('Error uploading file');
    expect(within(opened).getByLabelText('Message')).toHaveValue('Here is your EIN letter.');
  });
});

describe('docs management: files dropped on the section', { timeout: 15_000 }, () => {
  /** A drop as the browser sends it: the files in a DataTransfer whose types say 'Files'. */
  const drop = (target: HTMLElement, files: File[]) => {
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
  };

  it('opens the upload with them; each is sent on its own, with its own bar and result', async () => {
    answer = (request) => {
      if (request.method !== 'POST') return attachmentsBody([]);
      return request.body.includes('filename="notes.txt"')
        ? { status: 415, body: { errors: { detail: 'Only PDF files, please.' } } }
        : { status: 201, body: { data: uploaded } };
    };
    const { user } = renderSection();
    drop(await screen.findByText(modules.section.DROP_FILES_TEXT), [
      pdf('ein.pdf'),
      new File(['plain text'], 'notes.txt', { type: 'text/plain' }),
    ]);

    // Dropped files have no title yet: 'Other files', which the manager may change.
    const opened = await uploadDialog('Other files');
    expect(within(opened).getByText('ein.pdf · 19 bytes')).toBeInTheDocument();
    expect(within(opened).getByText('notes.txt · 10 bytes')).toBeInTheDocument();
    await user.selectOptions(within(opened).getByLabelText('Title'), 'Tax ID');
    await fillUpload(user, opened, { file: null });
    expect(confirmDialog()).toHaveTextContent('Tax ID: ein.pdfTax ID: notes.txt');
    await user.click(within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }));

    const sent = await within(confirmDialog()).findByRole('list', { name: 'Files sent' });
    await waitFor(() =>
      expect(
        within(sent)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        `ein.pdf100%${modules.dialog.uploadResultTexts.sent}`,
        expect.stringMatching(/^notes\.txt\d+%Only PDF files, please\.$/),
      ]),
    );
    expect(within(sent).getByRole('progressbar', { name: 'ein.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // One request per file, in order, each with the title and message typed once.
    const uploads = server.requests.filter((request) => request.method === 'POST');
    expect(uploads.map((upload) => /filename="([^"]+)"/.exec(upload.body)?.[1])).toEqual([
      'ein.pdf',
      'notes.txt',
    ]);
    for (const upload of uploads) {
      expect(partValue(upload.body, 'feedbackTitle')).toBe('Tax ID');
      expect(partValue(upload.body, 'messageBody')).toBe('Here is your EIN letter.');
    }
    // Not everything went: no success toast; the results stay until the manager closes.
    expect(screen.queryByText(successMessages.fileUploaded)).toBeNull();
    const close = within(confirmDialog()).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores a drag that carries no files', async () => {
    renderSection();
    const target = await screen.findByText(modules.section.DROP_FILES_TEXT);
    const dataTransfer = { files: [], types: ['text/plain'], dropEffect: 'none' };
    expect(fireEvent.dragOver(target, { dataTransfer })).toBe(true);
    fireEvent.drop(target, { dataTransfer });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe(
  'docs management: the progress bar follows the upload (a hand-driven XMLHttpRequest)',
  { timeout: 15_000 },
  () => {
    // jsdom's own XHR reports upload progress only once the whole body is sent; a browser
    // reports it as the bytes go. The end-to-end test shows the real one in Chromium.
    it('shows each progress event, up to 100, while the confirm dialog says Uploading...', async () => {
      const xhrs = installControlledXhr();
      const { user } = renderSection();
      const opened = await openUpload(user);
      await fillUpload(user, opened);
      await user.click(
        within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }),
      );

      const [xhr] = xhrs;
      expect(xhr?.url).toBe(`${front.url}${uploadUrl}`);
      // One dialog: the confirmation took the form's place, not a second dialog over it.
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      const bar = () =>
        within(confirmDialog()).getByRole('progressbar', { name: 'Upload progress' });
      expect(bar()).toHaveAttribute('aria-valuenow', '0');
      for (const [loaded, shown] of [
        [2_500, '25'],
        [6_000, '60'],
        [10_000, '100'],
      ] as const) {
        act(() => xhr!.progress(loaded, 10_000));
        expect(bar()).toHaveAttribute('aria-valuenow', shown);
        expect(within(opened).getByRole('progressbar')).toHaveAttribute('aria-valuenow', shown);
      }
      expect(
        within(confirmDialog()).getByRole('button', { name: manageTexts.uploading }),
      ).toBeDisabled();

      act(() => xhr!.respond(201, { data: uploaded }));
      expect(await screen.findByText(successMessages.fileUploaded)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('Cancel while uploading stops the upload, quietly, and keeps the upload dialog', async () => {
      const xhrs = installControlledXhr();
      const { user } = renderSection();
      const opened = await openUpload(user);
      await fillUpload(user, opened);
      await user.click(
        within(confirmDialog()).getByRole('button', { name: manageTexts.uploadFile }),
      );
      act(() => xhrs[0]!.progress(3_000, 10_000));

      await user.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
      expect(xhrs[0]?.aborted).toBe(true);
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: modules.dialog.CONFIRM_UPLOAD_TITLE }),
        ).toBeNull(),
      );
      expect(within(opened).getByLabelText('Message')).toHaveValue('Here is your EIN letter.');
      expect(within(opened).queryByRole('progressbar')).toBeNull();
      expect(screen.queryByText(errorMessages.upload)).toBeNull();
    });
  },
);
