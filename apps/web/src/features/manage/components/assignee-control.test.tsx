import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { TeamManager } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type TestResponse } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './manage-business-page.tsx';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };

const managers: TeamManager[] = [
  { id: 1, first_name: 'Ngozi', last_name: 'Eze', email: 'ngozi.eze@example.com', is_active: true },
  { id: 7, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', is_active: true },
  { id: 9, first_name: 'Gone', last_name: 'Away', email: 'gone@example.com', is_active: false },
];
/** The server's side of the business: what the detail answers and the assignment changes. */
let assigneeId: number | null;
let refuse: TestResponse | null;
const business = () => businessDetailFixture({ assignee_id: assigneeId });
const assigneeUrl = `/api/v1/manager/business/assignee/${businessDetailFixture().uuid}/`;

beforeAll(async () => {
  server = await startTestServer((request) => {
    if (request.method === 'GET' && request.url.startsWith('/api/v1/manager/business/detail/')) {
      return { status: 200, body: { data: business() } };
    }
    if (request.method === 'GET' && request.url === '/api/v1/manager/managers/') {
      return { status: 200, body: { data: { managers } } };
    }
    if (request.method === 'PUT' && request.url === assigneeUrl) {
      if (refuse) return refuse;
      const { manager_id } = JSON.parse(request.body) as { manager_id: number | null };
      assigneeId = manager_id;
      const name = managers.find((manager) => manager.id === manager_id);
      return {
        status: 200,
        body: {
          message: name
            ? `Business assigned to ${name.first_name} ${name.last_name}.`
            : 'Business unassigned.',
          data: { uuid: business().uuid, assignee_id: manager_id },
        },
      };
    }
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./manage-business-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  assigneeId = null;
  refuse = null;
});
afterEach(() => act(() => clearSession()));

function renderManage() {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.ManageBusinessPage />, {
    path: '/manage-business/:businessUUID',
    initialEntry: `/manage-business/${business().uuid}`,
  });
}

const section = () => screen.getByRole('region', { name: 'Assignment' });
const assigneeName = () => within(section()).getByTestId('assignee-name');
const puts = () =>
  server.requests
    .filter((request) => request.method === 'PUT')
    .map((request) => JSON.parse(request.body) as unknown);

describe('assignment on the manage page', { timeout: 15_000 }, () => {
  it("takes the business with 'Assign to me', gives it to another manager, and unassigns it", async () => {
    const { user } = renderManage();
    await screen.findByRole('region', { name: 'Assignment' });
    expect(assigneeName()).toHaveTextContent('Unassigned');

    await user.click(within(section()).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(assigneeName()).toHaveTextContent('Ngozi Eze'));
    expect(await screen.findByText('Business assigned to Ngozi Eze.')).toBeInTheDocument();
    // Mine now: no 'Assign to me'.
    expect(within(section()).queryByRole('button', { name: 'Assign to me' })).toBeNull();

    const select = within(section()).getByLabelText('Assign to another manager');
    // Only active managers other than the assignee are offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Grace Hopper']);
    await user.selectOptions(select, '7');
    await user.click(within(section()).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assigneeName()).toHaveTextContent('Grace Hopper'));

    await user.click(within(section()).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(assigneeName()).toHaveTextContent('Unassigned'));
    expect(puts()).toEqual([{ manager_id: 1 }, { manager_id: 7 }, { manager_id: null }]);
  });

  it('names a disabled assignee, and shows the refusal when the server says no', async () => {
    assigneeId = 9;
    refuse = {
      status: 400,
      body: {
        errors: {
          detail: 'manager_id must be the id of an active manager.',
          validations: { manager_id: ['manager_id must be the id of an active manager.'] },
        },
      },
    };
    const { user } = renderManage();
    await screen.findByRole('region', { name: 'Assignment' });
    await waitFor(() => expect(assigneeName()).toHaveTextContent('Gone Away (disabled)'));
    await user.click(within(section()).getByRole('button', { name: 'Assign to me' }));
    expect(
      await screen.findByText('manager_id must be the id of an active manager.'),
    ).toBeInTheDocument();
    expect(assigneeName()).toHaveTextContent('Gone Away (disabled)');
  });
});
