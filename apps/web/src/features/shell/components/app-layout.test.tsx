import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SIDE_MENU_CLOSE_DELAY_MS } from '@fd/contract';
import { MANAGER_STORAGE_KEY, TOKEN_STORAGE_KEY } from '#/lib/session.ts';
import { renderRoutes, storeSession } from '#/testing/render-route.tsx';
import { AppLayout } from './app-layout.tsx';

/** What the notifications feature hands the shell, here a stand-in panel. */
function stubNotifications(unreadCount = 0) {
  return {
    unreadCount,
    renderPanel: (close: () => void) => (
      <button type="button" onClick={close}>
        Stand-in panel
      </button>
    ),
  };
}

function renderShell(
  options: Parameters<typeof renderRoutes>[1] = {},
  notifications = stubNotifications(),
) {
  storeSession();
  return renderRoutes(
    [
      { path: '/', element: <p>Sign-in screen</p> },
      {
        element: <AppLayout notifications={notifications} />,
        children: [{ path: '*', element: <p>Current screen</p> }],
      },
    ],
    { initialEntry: '/business', ...options },
  );
}

describe('authenticated shell', () => {
  it('has the MANAGER side menu with its links and a Log out button', () => {
    renderShell();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByText('MANAGER')).toBeInTheDocument();
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/business?status=attention'],
      ['Documents', '/document-page'],
      ['Request', '/request'],
      ['Compliance', '/compliance'],
      ['Insights', '/insights'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('has the top bar: search, Add business, Files, notifications and the avatar', () => {
    renderShell();
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add business' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getByRole('link', { name: 'Files' })).toHaveAttribute('href', '/document-page');
    // The small-screen icon link; CSS shows one or the other.
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/mobilenotification',
    );
    expect(screen.getByRole('button', { name: 'NE, Account menu' })).toHaveTextContent('NE');
  });

  it('opens the notifications panel, and closes it with Escape', async () => {
    const { user } = renderShell();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Stand-in panel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('closes the notifications panel on an outside click, or when the panel asks', async () => {
    const { user } = renderShell();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    await user.click(screen.getByText('Current screen'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();

    // A notification that opens its business closes the dropdown, leaving focus to the page.
    await user.click(bell);
    await user.click(screen.getByRole('button', { name: 'Stand-in panel' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the unread count on the bell and the small-screen icon, capped at 99+', () => {
    const { unmount } = renderShell({}, stubNotifications(3));
    const bell = screen.getByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent(/^3$/);
    const link = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(link).toHaveAttribute('href', '/mobilenotification');
    expect(within(link).getByTestId('unread-badge')).toHaveTextContent(/^3$/);
    unmount();

    renderShell({}, stubNotifications(1234));
    const capped = screen.getByRole('button', { name: 'Notifications, 1,234 unread' });
    expect(within(capped).getByTestId('unread-badge')).toHaveTextContent(/^99\+$/);
    expect(screen.getByRole('link', { name: 'Notifications, 1,234 unread' })).toBeInTheDocument();
  });

  it('shows no badge when every notification is read', () => {
    renderShell();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('runs the avatar menu from the keyboard', async () => {
    const { user, router } = renderShell();
    const avatar = screen.getByRole('button', { name: /Account menu$/ });
    avatar.focus();
    await user.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Files', 'Homes', 'Settings', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Files' })).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();

    await user.click(avatar);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the avatar menu on an outside click', async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Current screen'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps the session when the logout dialog is cancelled or escaped', async () => {
    const { user } = renderShell();
    const logOut = screen.getByRole('button', { name: 'Log out' });
    await user.click(logOut);
    const dialog = screen.getByRole('dialog', { name: 'Hmmm! you seem to be leaving' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you wish to log out?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logOut).toHaveFocus();

    await user.click(logOut);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });

  it('keeps focus inside the logout dialog', async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes, log out' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('clears the token and the manager record and returns to / on "Yes, log out"', async () => {
    const { user, router } = renderShell();
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await user.click(screen.getByRole('button', { name: 'Yes, log out' }));

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(MANAGER_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Sign-in screen')).toBeInTheDocument();
  });

  it('closes the small-screen menu 300 ms after an item is chosen', async () => {
    const { user } = renderShell();
    const openMenu = screen.getByRole('button', { name: 'Open menu' });
    await user.click(openMenu);
    expect(openMenu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();

    const chosenAt = performance.now();
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Request' }));
    expect(openMenu).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(openMenu).toHaveAttribute('aria-expanded', 'false'));
    // Timers never fire early; allow a millisecond of clock rounding.
    expect(performance.now() - chosenAt).toBeGreaterThanOrEqual(SIDE_MENU_CLOSE_DELAY_MS - 1);
  });

  it('closes the small-screen menu with its close button or Escape', async () => {
    const { user } = renderShell();
    const openMenu = screen.getByRole('button', { name: 'Open menu' });
    await user.click(openMenu);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    expect(openMenu).toHaveFocus();

    await user.click(openMenu);
    await user.keyboard('{Escape}');
    expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  });
});
