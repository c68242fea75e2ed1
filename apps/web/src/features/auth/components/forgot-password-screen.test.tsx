import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { validationMessages as m } from '@fd/contract';
import { renderScreen } from '#/testing/render-route.tsx';
import { ForgotPasswordScreen } from './forgot-password-screen.tsx';

describe('forgot-password screen', () => {
  it('asks for the email when submitted empty', async () => {
    const { user } = renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(m.emailRequired)).toHaveAttribute('role', 'alert');
  });

  it('refuses a malformed email', async () => {
    const { user } = renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'someone@');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
  });

  it('links back to the login screen', async () => {
    const { user } = renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('Went to /')).toBeInTheDocument();
  });
});
