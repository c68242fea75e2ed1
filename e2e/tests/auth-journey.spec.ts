import { expect, test } from '@playwright/test';
import { apiErrorDetails } from '@fd/contract';
import { accounts } from '../fixtures.ts';
import { codeIn, mailsTo, waitForNewCode } from '../mail.ts';
import { paste, signIn, signInAs, storedManager, storedToken } from '../session.ts';

/**
 * The account journey, in one browser session: sign in, change the
 * password, log out, recover the password with the mailed code, sign in again.
 */
const account = accounts.journey;
const changedPassword = 'journey-changed-2';
const recoveredPassword = 'journey-recovered-3';

test('a manager signs in, changes the password, logs out, recovers it and signs in again', async ({
  page,
}) => {
  test.setTimeout(90_000);

  // Sign-in form validation, word for word.
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  // The password toggle shows and hides the password.
  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill('secret');
  await expect(passwordField).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'password');

  // A wrong password shows the server's errors.detail and keeps no session.
  await signIn(page, account.email, 'wrong-password');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();

  await signInAs(page, account);
  await expect(page.getByText('Login is successful!')).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
  expect(JSON.parse((await storedManager(page))!)).toMatchObject({
    first_name: account.firstName,
    last_name: account.lastName,
  });
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('NE');

  // Settings: read-only names and the password change form.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Managers profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(account.lastName);
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await expect(page.getByText("You can't edit this, except you request the admin.")).toBeVisible();

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill('abc');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(changedPassword);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  // The server's password rule, in its own words: a common password with a symbol added, and a
  // low-variety one (docs/decisions/070-common-and-low-variety-passwords.md).
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('Passw0rd!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(apiErrorDetails.passwordCommonVariant).first()).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('aaaaaaaa');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(apiErrorDetails.passwordRepetitive).first()).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill(changedPassword);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();

  // Log out through the dialog: Cancel keeps the session, confirming ends it.
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Hmmm! you seem to be leaving')).toBeVisible();
  await expect(dialog.getByText('Are you sure you wish to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await storedToken(page)).toBeTruthy();

  const endedToken = (await storedToken(page))!;
  const listWith = (token: string) =>
    page.request.get('/api/v1/manager/business/list/', {
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await listWith(endedToken)).status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  expect(await storedManager(page)).toBeNull();
  // The server ended the token too: a copy of it no longer works (decision 40).
  await expect.poll(async () => (await listWith(endedToken)).status()).toBe(401);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);

  // The old password no longer works; the changed one does.
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInAs(page, account, changedPassword);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Forgot password: the code goes to the outbox.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  const seen = mailsTo(account.email).length;
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('If an account exists for this email, a verification code has been sent to it.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);
  const firstCode = await waitForNewCode(account.email, seen);
  await expect(page.getByText('Please input the code we sent to')).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  // Digits only, one per box.
  const digit1 = page.getByLabel('Digit 1', { exact: true });
  await digit1.pressSequentially('a');
  await expect(digit1).toHaveValue('');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verification code is required.')).toBeVisible();

  // A wrong code is refused with the spec's message.
  const wrongCode = firstCode === '000000' ? '111111' : '000000';
  await paste(page, 'Digit 1', wrongCode);
  await expect(page.getByLabel('Digit 6', { exact: true })).toHaveValue(wrongCode[5]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP returned is invalid or has expired').first()).toBeVisible();

  // Resend: a new code replaces the first one.
  const beforeResend = mailsTo(account.email).length;
  await page.getByRole('button', { name: 'Click to resend.' }).click();
  const secondCode = await waitForNewCode(account.email, beforeResend);
  expect(codeIn(mailsTo(account.email).at(-1)!)).toBe(secondCode);

  await paste(page, 'Digit 1', secondCode);
  for (let i = 0; i < 6; i++) {
    await expect(page.getByLabel(`Digit ${i + 1}`, { exact: true })).toHaveValue(secondCode[i]!);
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verification successful')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  // Reset password: validation, then the 'Password changed' dialog.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(recoveredPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${recoveredPassword}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill(recoveredPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  const changed = page.getByRole('dialog');
  await expect(changed.getByText('Password changed')).toBeVisible();
  await changed.getByRole('button', { name: 'Back to Log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Only the recovered password signs in now.
  await signIn(page, account.email, changedPassword);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInAs(page, account, recoveredPassword);
});
