import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { validationMessages as m } from '@fd/contract';
import { renderScreen, storeSession } from '#/testing/render-route.tsx';
import { READ_ONLY_NAMES_TEXT, SettingsPage } from './settings-page.tsx';

function renderSettings() {
  storeSession();
  return renderScreen(<SettingsPage />, { path: '/settings' });
}

describe('settings page', () => {
  it("shows the manager's names read-only", () => {
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Managers profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ngozi');
    expect(screen.getByLabelText('First name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last name')).toHaveValue('Eze');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('readonly');
    expect(screen.getByText(READ_ONLY_NAMES_TEXT)).toBeInTheDocument();
    expect(READ_ONLY_NAMES_TEXT).toBe("You can't edit this, except you request the admin.");
  });

  it('asks for both passwords when submitted empty', async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(m.currentPasswordRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByText(m.changeNewPasswordRequired)).toBeInTheDocument();
  });

  it('needs at least 6 characters in each password', async () => {
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('Current password'), 'abc');
    await user.type(screen.getByLabelText('New password'), 'abcde');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(m.changePasswordMin)).toHaveLength(2);

    await user.type(screen.getByLabelText('New password'), 'f');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(m.changePasswordMin)).toHaveLength(1);
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      m.changePasswordMin,
    );
  });

  it('has a show/hide toggle on each password field', async () => {
    const { user } = renderSettings();
    const [currentToggle] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(currentToggle!);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
  });
});
