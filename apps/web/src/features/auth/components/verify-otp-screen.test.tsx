import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { validationMessages as m } from '@fd/contract';
import { renderScreen } from '#/testing/render-route.tsx';
import { VerifyOtpScreen } from './verify-otp-screen.tsx';

const email = 'ngozi.eze@example.com';

function renderVerify() {
  return renderScreen(<VerifyOtpScreen />, {
    path: '/verify-otp',
    initialEntry: { pathname: '/verify-otp', state: { token: 'verification-token', email } },
  });
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`);
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value);

describe('verify-code screen', () => {
  it('names the email the code went to and renders six numeric boxes', () => {
    renderVerify();
    expect(screen.getByText(/Please input the code we sent to/)).toHaveTextContent(
      `Please input the code we sent to ${email}`,
    );
    expect(screen.getByText(email).tagName).toBe('STRONG');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Click to resend.' })).toBeEnabled();
  });

  it('rejects letters', async () => {
    const { user } = renderVerify();
    await user.type(box(1), 'a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
  });

  it('takes one digit per box and moves on as the user types', async () => {
    const { user } = renderVerify();
    await user.click(box(1));
    await user.keyboard('12');
    expect(boxValues()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();

    // Typing into a filled box replaces its digit.
    await user.click(box(1));
    await user.keyboard('9');
    expect(boxValues()).toEqual(['9', '2', '', '', '', '']);
  });

  it('fills all six boxes when the whole code is pasted into any box', async () => {
    const { user } = renderVerify();
    await user.click(box(4));
    await user.paste('123456');
    expect(boxValues()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(box(6)).toHaveFocus();
  });

  it('moves back with Backspace on an empty box', async () => {
    const { user } = renderVerify();
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(boxValues()).toEqual(['1', '2', '', '', '', '']);

    // On a filled box, Backspace clears it and stays.
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
  });

  it('asks for the code when none was typed', async () => {
    const { user } = renderVerify();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const message = await screen.findByText(m.otpRequired);
    expect(message).toHaveAttribute('role', 'alert');
    expect(box(1)).toHaveAccessibleDescription(m.otpRequired);
  });

  it('refuses an incomplete code', async () => {
    const { user } = renderVerify();
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(m.otpInvalid)).toBeInTheDocument();
  });

  it('refuses a code with a gap in it', async () => {
    const { user } = renderVerify();
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(4));
    await user.keyboard('456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(m.otpInvalid)).toBeInTheDocument();
  });

  it('goes back to the forgot-password screen with Cancel', async () => {
    const { user } = renderVerify();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Went to /forgot-password')).toBeInTheDocument();
  });

  it('explains and links back when opened without a code request', () => {
    renderScreen(<VerifyOtpScreen />, { path: '/verify-otp' });
    expect(screen.queryByLabelText('Digit 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /request a new verification code/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
