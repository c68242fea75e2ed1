import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { keyLabel, shortcutCatalogue } from '#/lib/shortcuts.ts';
import { renderRoutes, storeSession } from '#/testing/render-route.tsx';
import { AppLayout } from './app-layout.tsx';
import { SHORTCUTS_DIALOG_TITLE } from './keyboard-shortcuts-dialog.tsx';

function renderShell() {
  storeSession();
  return renderRoutes(
    [
      {
        element: <AppLayout notifications={{ unreadCount: 0, renderPanel: () => null }} />,
        children: [{ path: '*', element: <p>Current screen</p> }],
      },
    ],
    { initialEntry: '/business' },
  );
}

describe('the shell keyboard (docs/product.md §12.3)', () => {
  it('lists every shortcut of the catalogue on ?, and Escape closes the list', async () => {
    const { user } = renderShell();
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: SHORTCUTS_DIALOG_TITLE });
    const rows = within(dialog)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('cell').length > 0)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual(
      shortcutCatalogue.map((shortcut) => [
        shortcut.keys.map(keyLabel).join('then'),
        shortcut.description,
      ]),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to a screen on g then its letter', async () => {
    const { user, router } = renderShell();
    await user.keyboard('gs');
    expect(router.state.location.pathname).toBe('/settings');
    await user.keyboard('gd');
    expect(router.state.location.pathname).toBe('/document-page');
  });

  it('types the keys into the search field instead of running them', async () => {
    const { user, router } = renderShell();
    await user.keyboard('/');
    const search = screen.getByRole('combobox', { name: 'Search' });
    expect(search).toHaveFocus();
    await user.keyboard('?gs');
    expect(search).toHaveValue('?gs');
    expect(router.state.location.pathname).toBe('/business');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('holds the shortcuts while a dialog is open: Escape closes it first', async () => {
    const { user, router } = renderShell();
    await user.keyboard('?');
    await user.keyboard('gs');
    expect(router.state.location.pathname).toBe('/business');
    await user.keyboard('{Escape}');
    await user.keyboard('gs');
    expect(router.state.location.pathname).toBe('/settings');
  });
});
