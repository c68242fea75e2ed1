/**
 * The 'Views' menu of /business (docs/product.md §11.4) against a real local HTTP server that
 * keeps views as the API does: listing on first opening, saving the address on screen without its
 * page, opening a view at its address, renaming, deleting after confirmation, copying its link
 * (or showing it selected when the clipboard refuses), and the empty and error states.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { SavedView } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { startTestServer } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as menu from './views-menu.tsx';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; menu: typeof menu };

/** The server's side: the manager's views, and whether listing them fails. */
let views: SavedView[];
let listFails: boolean;
let made = 0;

const viewUrl = /^\/api\/v1\/manager\/views\/([0-9a-f-]+)\/$/;
const byName = () => [...views].sort((a, b) => a.name.localeCompare(b.name));

beforeAll(async () => {
  server = await startTestServer((request) => {
    const at = new Date(Date.UTC(2026, 10, 27)).toISOString();
    if (request.url === '/api/v1/manager/views/' && request.method === 'GET') {
      if (listFails) return { status: 500, body: { errors: { detail: 'Something went wrong.' } } };
      return { status: 200, body: { data: { views: byName() } } };
    }
    if (request.url === '/api/v1/manager/views/' && request.method === 'POST') {
      const { name, query } = JSON.parse(request.body) as { name: string; query: string };
      const taken = views.find((view) => view.name.toLowerCase() === name.toLowerCase());
      if (taken) {
        const detail = `You already have a view named "${taken.name}".`;
        return { status: 409, body: { errors: { detail, validations: { name: [detail] } } } };
      }
      made += 1;
      const uuid = `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
      const view = { uuid, name, query, created_at: at, updated_at: at };
      views.push(view);
      return { status: 201, body: { message: 'View saved.', data: view } };
    }
    const uuid = viewUrl.exec(request.url)?.[1];
    const view = views.find((candidate) => candidate.uuid === uuid);
    if (view && request.method === 'PUT') {
      Object.assign(view, JSON.parse(request.body) as Partial<SavedView>);
      return { status: 200, body: { message: 'View updated.', data: view } };
    }
    if (view && request.method === 'DELETE') {
      views = views.filter((candidate) => candidate !== view);
      return { status: 200, body: { message: 'View deleted.', data: { uuid } } };
    }
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    menu: await import('./views-menu.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  views = [];
  listFails = false;
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => clearSession());
});

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderMenu(initialEntry = '/business') {
  modules.testing.storeSession();
  return modules.testing.renderRoutes(
    [
      {
        path: '/business',
        element: (
          <>
            <modules.menu.ViewsMenu />
            <Address />
          </>
        ),
      },
    ],
    { initialEntry },
  );
}

const trigger = () => screen.getByRole('button', { name: 'Views' });
const panel = () => screen.getByRole('dialog', { name: 'Saved views' });
const viewLinks = () => within(panel()).queryAllByRole('link');
const address = () => screen.getByTestId('address').textContent;
const writes = () =>
  server.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => [request.method, request.url, request.body]);

describe('the Views menu', { timeout: 20_000 }, () => {
  it('saves the address on screen without its page, then lists it as the current view', async () => {
    const { user } = renderMenu('/business?status=pending&country=UK&page_size=25&page=3');
    // Nothing is asked before the menu opens.
    expect(server.requests).toHaveLength(0);
    await user.click(trigger());
    expect(await within(panel()).findByText('No saved views yet')).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Save current view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save current view' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    // A blank name is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the view a name.');
    await user.type(within(dialog).getByLabelText('Name'), '  Queued UK ');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Save/ })).toBeNull());
    expect(writes()).toEqual([
      [
        'POST',
        '/api/v1/manager/views/',
        JSON.stringify({ name: 'Queued UK', query: 'status=pending&country=UK&page_size=25' }),
      ],
    ]);
    // Focus is back on the menu button.
    expect(trigger()).toHaveFocus();

    await user.click(trigger());
    const link = await within(panel()).findByRole('link', { name: /^Queued UK ?\(current\)$/ });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('href', '/business?status=pending&country=UK&page_size=25');
  });

  it('refuses a name the manager already has, with the server’s words, and keeps the dialog', async () => {
    views = [
      {
        uuid: '00000000-0000-4000-8000-0000000000aa',
        name: 'Mine',
        query: 'assignee=me',
        created_at: '2026-11-27T00:00:00.000Z',
        updated_at: '2026-11-27T00:00:00.000Z',
      },
    ];
    const { user } = renderMenu('/business?country=UK');
    await user.click(trigger());
    await within(panel()).findByRole('link', { name: /^Mine/ });
    await user.click(within(panel()).getByRole('button', { name: 'Save current view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save current view' });
    await user.type(within(dialog).getByLabelText('Name'), 'MINE');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already have a view named "Mine".',
    );
    expect(views).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Save current view' })).toBeNull();
  });

  it('opens a view at its address, renames one and deletes one after asking', async () => {
    const at = '2026-11-27T00:00:00.000Z';
    views = [
      {
        uuid: '00000000-0000-4000-8000-0000000000b1',
        name: 'Paid LLCs',
        query: 'type=LLC&account_level=PAID&page_size=50',
        created_at: at,
        updated_at: at,
      },
      {
        uuid: '00000000-0000-4000-8000-0000000000b2',
        name: 'Everything',
        query: '',
        created_at: at,
        updated_at: at,
      },
    ];
    const { user } = renderMenu('/business?status=incorporated&page=4');
    await user.click(trigger());
    await within(panel()).findByRole('link', { name: /^Everything/ });
    expect(viewLinks().map((link) => link.textContent)).toEqual(['Everything', 'Paid LLCs']);
    expect(viewLinks().filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);

    await user.click(within(panel()).getByRole('link', { name: 'Paid LLCs' }));
    expect(address()).toBe('/business?type=LLC&account_level=PAID&page_size=50');
    expect(screen.queryByRole('dialog', { name: 'Saved views' })).toBeNull();

    await user.click(trigger());
    expect(within(panel()).getByRole('link', { name: /^Paid LLCs ?\(current\)$/ })).toBeVisible();
    await user.click(within(panel()).getByRole('button', { name: 'Rename Paid LLCs' }));
    const rename = screen.getByRole('dialog', { name: 'Rename "Paid LLCs"' });
    await user.clear(within(rename).getByLabelText('Name'));
    await user.type(within(rename).getByLabelText('Name'), 'Paid companies{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Rename/ })).toBeNull());

    await user.click(trigger());
    await within(panel()).findByRole('link', { name: /^Paid companies ?\(current\)$/ });
    await user.click(within(panel()).getByRole('button', { name: 'Delete Everything' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the view "Everything"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(views).toHaveLength(2);
    await user.click(trigger());
    await user.click(await within(panel()).findByRole('button', { name: 'Delete Everything' }));
    await user.click(screen.getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(views.map((view) => view.name)).toEqual(['Paid companies']));

    expect(writes()).toEqual([
      [
        'PUT',
        '/api/v1/manager/views/00000000-0000-4000-8000-0000000000b1/',
        JSON.stringify({ name: 'Paid companies' }),
      ],
      ['DELETE', '/api/v1/manager/views/00000000-0000-4000-8000-0000000000b2/', ''],
    ]);
    await user.click(trigger());
    await waitFor(() =>
      expect(viewLinks().map((link) => link.textContent)).toEqual(['Paid companies (current)']),
    );
  });

  it('copies a view’s link, or shows it selected when the clipboard refuses', async () => {
    views = [
      {
        uuid: '00000000-0000-4000-8000-0000000000c1',
        name: 'Queued',
        query: 'status=pending&page_size=25',
        created_at: '2026-11-27T00:00:00.000Z',
        updated_at: '2026-11-27T00:00:00.000Z',
      },
    ];
    const link = `${window.location.origin}/business?status=pending&page_size=25`;
    const { user } = renderMenu();
    await user.click(trigger());
    await user.click(await within(panel()).findByRole('button', { name: 'Copy link to Queued' }));
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Link copied.');
    expect(await navigator.clipboard.readText()).toBe(link);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
    await user.click(within(panel()).getByRole('button', { name: 'Copy link to Queued' }));
    const field = await within(panel()).findByLabelText('Link to Queued');
    expect(field).toHaveValue(link);
    expect(field).toHaveFocus();
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, link.length]);
  });

  it('says when the views cannot be loaded, and tries again', async () => {
    listFails = true;
    const { user } = renderMenu();
    await user.click(trigger());
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Your views could not be loaded.');
    listFails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText('No saved views yet')).toBeInTheDocument();
  });
});
