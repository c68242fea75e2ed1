import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { useParams } from 'react-router';
import {
  errorMessages,
  manageTexts,
  stepFeedbackTitles,
  successMessages,
  type BusinessDetail,
  type FormationStepKey,
  type StepStatus,
} from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as queries from '#/lib/business-queries.ts';
import type * as management from './status-management.tsx';

// Each step waits on a real server: room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; queries: typeof queries; management: typeof management };
/** The business as the server has it; a successful update changes it. */
let business: BusinessDetail;
let answerUpdate: Handler;
let answerFeedback: Handler;
/** When each request arrived, in the order of `server.requests`. */
let arrivals: number[];

const uuid = businessDetailFixture().uuid;
const detailUrl = `/api/v1/manager/business/detail/${uuid}/`;
const feedbackUrl = '/api/v1/manager/feedback/status/';
const updatePattern = /^\/api\/v1\/manager\/settings\/([a-z-]+)\/update\/(\d+)\/$/;

const stepKeyById = (id: number) =>
  (
    Object.entries(business.business_formation_statuses) as [FormationStepKey, { id: number }][]
  ).find(([, step]) => step.id === id)![0];

const applyUpdate: Handler = (request) => {
  const id = Number(updatePattern.exec(request.url)![2]);
  const { status } = JSON.parse(request.body) as { status: StepStatus };
  const key = stepKeyById(id);
  const step = { ...business.business_formation_statuses[key], status };
  business = {
    ...business,
    business_formation_statuses: { ...business.business_formation_statuses, [key]: step },
  };
  return { status: 200, body: { message: 'Updated', data: step } };
};

/** The report and its status: the step moves as the server would move it. */
const feedbackCreated: Handler = (request) => {
  const multipart = request.contentType?.startsWith('multipart/') ?? false;
  const field = (name: string) =>
    multipart
      ? new RegExp(`name="${name}"\r\n\r\n([^\r]*)\r\n`).exec(request.body)![1]!
      : String((JSON.parse(request.body) as Record<string, unknown>)[name]);
  const id = Number(field('status_item_id'));
  const key = stepKeyById(id);
  const step = {
    ...business.business_formation_statuses[key],
    status: field('status') as StepStatus,
  };
  business = {
    ...business,
    business_formation_statuses: { ...business.business_formation_statuses, [key]: step },
  };
  return {
    status: 201,
    body: {
      message: 'Status Updated Successfully!',
      data: {
        feedback: {
          id: 9,
          business: business.id,
          status_item_id: id,
          feedback_title: field('feedback_title'),
          message_body: field('message_body'),
          file_url: null,
          attachment_file: null,
          file_name: null,
          file_size: null,
          manager_name: 'Ngozi Eze',
          created_at: '2026-11-21T10:00:00.000Z',
        },
        step,
      },
    },
  };
};

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest) => {
    arrivals.push(Date.now());
    if (request.method === 'GET' && request.url === detailUrl) {
      return { status: 200, body: { data: business } };
    }
    if (request.method === 'PUT' && updatePattern.test(request.url)) return answerUpdate(request);
    if (request.method === 'POST' && request.url === feedbackUrl) return answerFeedback(request);
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    queries: await import('#/lib/business-queries.ts'),
    management: await import('./status-management.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  arrivals = [];
  business = businessDetailFixture();
  answerUpdate = applyUpdate;
  answerFeedback = feedbackCreated;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => clearSession());
});

/** Status management of the business the server holds, refetched as the manage page does. */
function Management() {
  const { businessUUID = '' } = useParams();
  const query = modules.queries.useBusinessDetail(businessUUID);
  return query.data ? <modules.management.StatusManagement business={query.data} /> : null;
}

function withStatuses(statuses: Partial<Record<FormationStepKey, StepStatus>>): BusinessDetail {
  const fixture = businessDetailFixture();
  const steps = { ...fixture.business_formation_statuses };
  for (const [key, status] of Object.entries(statuses) as [FormationStepKey, StepStatus][]) {
    steps[key] = { ...steps[key], status };
  }
  return { ...fixture, business_formation_statuses: steps };
}

async function renderManagement(detail: BusinessDetail = business) {
  business = detail;
  modules.testing.storeSession();
  const view = modules.testing.renderScreen(<Management />, {
    path: '/manage-business/:businessUUID',
    initialEntry: `/manage-business/${uuid}`,
  });
  await screen.findByRole('listitem', { name: 'Incorporation Payment' });
  return view;
}

const step = (name: string) => screen.getByRole('listitem', { name });
const requestsTo = (method: string, url: string | RegExp) =>
  server.requests.filter(
    (request) =>
      request.method === method &&
      (typeof url === 'string' ? request.url === url : url.test(request.url)),
  );

type User = ReturnType<typeof testing.renderScreen>['user'];

async function pick(user: User, stepName: string, choice: string) {
  await user.click(screen.getByRole('button', { name: `Change status of ${stepName}` }));
  await user.click(screen.getByRole('menuitem', { name: choice }));
}

// Real requests, each test several: room for a busy machine running files side by side.
describe('status management', { timeout: 15_000 }, () => {
  it("opens each step's status menu on its digit, in the order shown (docs/product.md §12.3)", async () => {
    const { user } = await renderManagement();
    const pickers = screen
      .getAllByRole('button', { name: /^Change status of / })
      .map((button) => button.getAttribute('aria-label'));
    expect(pickers).toHaveLength(8);
    for (const [index, name] of pickers.entries()) {
      await user.keyboard(String(index + 1));
      expect(screen.getByRole('menu', { name: name! })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    }
  });

  it('lists the steps in order with their status; document verification has no picker', async () => {
    await renderManagement(withStatuses({ payment_status: 'APPROVED', stripe_status: 'FAILED' }));
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Incorporation Payment',
      'Onboarding Document',
      'Document Verification',
      'Incorporation Status',
      'Post Formation Doc',
      'Tax EIN',
      'Stripe',
      'Bank Account',
      'Business Handover Status',
    ]);
    expect(within(step('Incorporation Payment')).getByText('Approved')).toBeInTheDocument();
    expect(within(step('Stripe')).getByText('Failed')).toBeInTheDocument();
    expect(within(step('Bank Account')).getByText('Pending')).toBeInTheDocument();

    expect(within(step('Document Verification')).getByText('Pending')).toBeInTheDocument();
    expect(within(step('Document Verification')).queryByRole('button')).not.toBeInTheDocument();
    for (const item of items.filter((i) => i !== step('Document Verification'))) {
      expect(within(item).getByRole('button', { name: /^Change status of / })).toBeInTheDocument();
    }
  });

  it("shows the Tax step's Approved as 'Done', in its badge and its picker", async () => {
    const { user } = await renderManagement(withStatuses({ tax_ein_status: 'APPROVED' }));
    expect(within(step('Tax EIN')).getByText(manageTexts.taxApproved)).toBeInTheDocument();
    expect(manageTexts.taxApproved).toBe('Done');
    expect(within(step('Tax EIN')).queryByText('Approved')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change status of Tax EIN' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Processing',
      'Done',
      'Failed',
    ]);
  });

  it('has no picker for a step whose row is missing', async () => {
    const detail = businessDetailFixture();
    detail.business_formation_statuses.stripe_status = {
      id: null,
      status: 'PENDING',
      status_item_name: 'Stripe',
      status_since: null,
    };
    await renderManagement(detail);
    expect(within(step('Stripe')).getByText('Pending')).toBeInTheDocument();
    expect(within(step('Stripe')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('confirms, PUTs {status: APPROVED}, toasts, and shows the answer at once, with no timer', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerUpdate = async (request) => {
      await held;
      return applyUpdate(request);
    };
    const { user } = await renderManagement();
    await pick(user, 'Incorporation Payment', 'Approved');

    const dialog = screen.getByRole('dialog', { name: manageTexts.confirmStatus });
    expect(manageTexts.confirmStatus).toBe('Are you sure you want to update the client status?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();

    const releasedAt = Date.now();
    release();
    expect(await screen.findByText('Status Updated Successfully!')).toBeVisible();
    expect(successMessages.statusUpdated).toBe('Status Updated Successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [update] = requestsTo('PUT', updatePattern);
    expect(requestsTo('PUT', updatePattern)).toHaveLength(1);
    expect(update!.url).toBe('/api/v1/manager/settings/payment/update/1/');
    expect(update!.contentType).toBe('application/json');
    expect(JSON.parse(update!.body)).toEqual({ status: 'APPROVED' });

    // The badge shows the answer's status as the toast appears: no reload, no 2 s timer.
    expect(within(step('Incorporation Payment')).getByText('Approved')).toBeInTheDocument();
    // The screen's data is read again at once, not 2 s later.
    await vi.waitFor(() => expect(requestsTo('GET', detailUrl)).toHaveLength(2), {
      timeout: 1000,
    });
    const refetchAt = arrivals[server.requests.lastIndexOf(requestsTo('GET', detailUrl)[1]!)]!;
    // Before the original's 2 s reload could have come (a busy machine may take a while).
    expect(refetchAt - releasedAt).toBeLessThan(2000);
  });

  it('sends Processing to the step kind of its row, and Cancel sends nothing', async () => {
    const { user } = await renderManagement();
    await pick(user, 'Bank Account', 'Processing');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change status of Bank Account' })).toHaveFocus();
    expect(requestsTo('PUT', updatePattern)).toHaveLength(0);

    await pick(user, 'Business Handover Status', 'Processing');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText(successMessages.statusUpdated)).toBeVisible();
    const steps = businessDetailFixture().business_formation_statuses;
    expect(requestsTo('PUT', updatePattern).map((request) => request.url)).toEqual([
      `/api/v1/manager/settings/business-handover/update/${steps.business_handover_status.id}/`,
    ]);
    expect(JSON.parse(requestsTo('PUT', updatePattern)[0]!.body)).toEqual({
      status: 'PROCESSING',
    });
  });

  it('Failed: the report waits for the confirmation, then goes with FAILED as one JSON request', async () => {
    const { user } = await renderManagement();
    await pick(user, 'Tax EIN', 'Failed');

    const report = await screen.findByRole('dialog', { name: 'Error Message' });
    const title = within(report).getByRole('combobox', { name: 'Feedback Title' });
    expect(
      within(title)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...stepFeedbackTitles]);
    expect(title).toHaveValue('Tax ID');
    expect(title).toHaveFocus();
    const send = within(report).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();

    await user.selectOptions(title, 'Company Formation');
    await user.type(
      within(report).getByRole('textbox', { name: 'Message' }),
      'The EIN letter is missing.',
    );
    expect(within(report).getByLabelText('Attachment (optional)')).toHaveAttribute(
      'accept',
      expect.stringContaining('application/pdf'),
    );
    await user.click(send);

    // Nothing leaves before the confirmation.
    const confirm = await screen.findByRole('dialog', { name: manageTexts.confirmStatus });
    expect(confirm).toHaveTextContent(
      'Tax EIN will be set to Failed, and your report sent to the client.',
    );
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Feedback Message Sent Successful!')).toBeVisible();
    expect(successMessages.feedbackSent).toBe('Feedback Message Sent Successful!');
    expect(await screen.findByText(successMessages.statusUpdated)).toBeVisible();
    const [post] = requestsTo('POST', feedbackUrl);
    expect(post!.contentType).toBe('application/json');
    const taxStepId = businessDetailFixture().business_formation_statuses.tax_ein_status.id;
    expect(JSON.parse(post!.body)).toEqual({
      message_body: 'The EIN letter is missing.',
      status_item_id: taxStepId,
      business_id: business.id,
      feedback_title: 'Company Formation',
      status: 'FAILED',
    });
    expect(requestsTo('PUT', updatePattern)).toHaveLength(0);
    expect(within(step('Tax EIN')).getByText('Failed')).toBeInTheDocument();
  });

  it('Failed, then Cancel at the confirmation: nothing is sent', async () => {
    const { user } = await renderManagement();
    await pick(user, 'Stripe', 'Failed');
    const report = await screen.findByRole('dialog', { name: 'Error Message' });
    await user.type(within(report).getByRole('textbox', { name: 'Message' }), 'Refused.');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    const confirm = await screen.findByRole('dialog', { name: manageTexts.confirmStatus });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(screen.queryByText(successMessages.feedbackSent)).not.toBeInTheDocument();
    expect(within(step('Stripe')).getByText('Pending')).toBeInTheDocument();
  });

  it('Failed with a file: the report goes as multipart with the named fields', async () => {
    // jsdom's File and FormData cannot be read by Node's fetch, which the client calls here;
    // Node's own (what a browser's fetch reads) stand in for them. Its FormData comes from a
    // parsed body, as Node does not export the class.
    const NodeFormData = (
      await new Response('a=1', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }).formData()
    ).constructor as typeof FormData;
    vi.stubGlobal('FormData', NodeFormData);

    const { user } = await renderManagement();
    await pick(user, 'Incorporation Status', 'Failed');
    const report = await screen.findByRole('dialog', { name: 'Error Message' });
    expect(within(report).getByRole('combobox', { name: 'Feedback Title' })).toHaveValue(
      'Company Formation',
    );
    await user.type(
      within(report).getByRole('textbox', { name: 'Message' }),
      'Please sign page 2.',
    );
    const file = new NodeFile(['%PDF-1.4 signed form'], 'form.pdf', {
      type: 'application/pdf',
    }) as unknown as File;
    await user.upload(within(report).getByLabelText('Attachment (optional)'), file);
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(requestsTo('POST', feedbackUrl)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    expect(await screen.findByText(successMessages.feedbackSent)).toBeVisible();

    const [post] = requestsTo('POST', feedbackUrl);
    expect(post!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const parts = [
      ...post!.body.matchAll(
        /Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([^\r]*)\r\n/g,
      ),
    ].map(([, name, fileName, value]) => ({ name, fileName, value }));
    const stepId = businessDetailFixture().business_formation_statuses.incorporation_status.id;
    expect(parts).toEqual([
      { name: 'attachment_file', fileName: 'form.pdf', value: '%PDF-1.4 signed form' },
      { name: 'feedback_title', fileName: undefined, value: 'Company Formation' },
      { name: 'status_item_id', fileName: undefined, value: String(stepId) },
      { name: 'message_body', fileName: undefined, value: 'Please sign page 2.' },
      { name: 'business_id', fileName: undefined, value: String(business.id) },
      { name: 'file_url', fileName: undefined, value: '' },
      { name: 'status', fileName: undefined, value: 'FAILED' },
    ]);
    expect(await screen.findByText(successMessages.statusUpdated)).toBeVisible();
    expect(requestsTo('PUT', updatePattern)).toHaveLength(0);
  });

  it("shows the server's detail, or 'Error updating status', when the update fails", async () => {
    answerUpdate = () => ({
      status: 400,
      body: { errors: { detail: 'statusId is not a step of this kind.' } },
    });
    const { user } = await renderManagement();
    await pick(user, 'Stripe', 'Approved');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('statusId is not a step of this kind.')).toBeVisible();
    // The confirmation stays, so the manager may try again.
    const dialog = screen.getByRole('dialog', { name: manageTexts.confirmStatus });

    answerUpdate = () => ({ status: 502, raw: '<html>Bad gateway</html>' });
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Error updating status')).toBeVisible();
    expect(errorMessages.statusUpdate).toBe('Error updating status');
    expect(screen.queryByText(successMessages.statusUpdated)).not.toBeInTheDocument();
  });

  it("shows 'Error sending feedback', or the server's detail; the confirmation stays", async () => {
    answerFeedback = () => ({ status: 500, raw: '<html>Oops</html>' });
    const { user } = await renderManagement();
    await pick(user, 'Post Formation Doc', 'Failed');
    const report = await screen.findByRole('dialog', { name: 'Error Message' });
    await user.type(within(report).getByRole('textbox', { name: 'Message' }), 'Wrong file.');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    const confirm = await screen.findByRole('dialog', { name: manageTexts.confirmStatus });
    await user.click(within(confirm).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Error sending feedback')).toBeVisible();
    expect(errorMessages.feedbackSend).toBe('Error sending feedback');

    answerFeedback = () => ({
      status: 400,
      body: { errors: { detail: 'message_body must be at most 5000 characters.' } },
    });
    await user.click(within(confirm).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('message_body must be at most 5000 characters.')).toBeVisible();
    // The confirmation stays, so the manager may try again or cancel.
    expect(screen.getByRole('dialog', { name: manageTexts.confirmStatus })).toBeVisible();
    expect(requestsTo('PUT', updatePattern)).toHaveLength(0);
    expect(screen.queryByText(successMessages.statusUpdated)).not.toBeInTheDocument();
  });
});
