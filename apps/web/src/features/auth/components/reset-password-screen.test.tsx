import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { validationMessages as m } from '@fd/contract';
import { renderScreen } from '#/testing/render-route.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

function renderReset() {
  return renderScreen(<ResetPasswordScreen />, {
    path: '/reset-password',
    initialEntry: { pathname: '/reset-password', state: { reset_token: 'reset-token' } },
  });
}

describe('reset-password screen', () => {
  it('asks for both passwords when submitted empty', async () => {
    const { user } = renderReset();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(m.newPasswordRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByText(m.confirmPasswordRequired)).toBeInTheDocument();
  });

  it('refuses a password shorter than 8 characters', async () => {
    const { user } = renderReset();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(m.resetPasswordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(m.resetPasswordMin);
  });

  it('refuses a confirmation that does not match', async () => {
    const { user } = renderReset();
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(m.passwordsMustMatch)).toBeInTheDocument();
    expect(screen.queryByText(m.resetPasswordMin)).not.toBeInTheDocument();
  });

  it('has a show/hide toggle on each field and a way back to login', async () => {
    const { user } = renderReset();
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Go back to login' })).toHaveAttribute('href', '/');
  });

  it('explains and links to forgot-password when opened without a reset token', () => {
    renderScreen(<ResetPasswordScreen />, { path: '/reset-password' });
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /request a new verification code/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
