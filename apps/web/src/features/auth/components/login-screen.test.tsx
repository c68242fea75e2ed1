import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { validationMessages as m } from '@fd/contract';
import { renderScreen } from '#/testing/render-route.tsx';
import { LoginScreen } from './login-screen.tsx';

describe('login screen', () => {
  it('labels its fields and offers the way to recover a password', () => {
    renderScreen(<LoginScreen />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('asks for both fields when submitted empty', async () => {
    const { user } = renderScreen(<LoginScreen />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(m.emailRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    // Each message is tied to its field for screen readers.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(m.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(m.passwordRequired);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a malformed email', async () => {
    const { user } = renderScreen(<LoginScreen />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(m.passwordRequired)).not.toBeInTheDocument();
  });

  it('checks nothing before the first submit, focuses the first wrong field, then re-checks a field as it changes', async () => {
    const { user } = renderScreen(<LoginScreen />);
    await user.type(screen.getByLabelText('Email'), 'ngozi@');
    expect(screen.queryByText(m.emailInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.queryByText(m.emailInvalid)).not.toBeInTheDocument();
    // Only the field that changed is checked again.
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 's');
    expect(screen.queryByText(m.passwordRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = renderScreen(<LoginScreen />);
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
