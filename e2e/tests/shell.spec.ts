import { expect, test } from '@playwright/test';
import { accounts } from '../fixtures.ts';
import { signIn, signInAs, storedToken } from '../session.ts';

const account = accounts.shell;

test('without a session every authenticated route sends the user to sign in', async ({ page }) => {
  for (const route of ['/business', '/settings', '/document-page', '/manage-business/abc']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  }
});

test('only managers may sign in', async ({ page }) => {
  await signIn(page, accounts.client.email, accounts.client.password);
  await expect(page.getByText('You must be a Manager to login.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});

test('side menu, top bar and avatar menu lead where the spec says', async ({ page }) => {
  await signInAs(page, account);
  const nav = page.getByRole('navigation');
  await expect(nav.getByText('MANAGER', { exact: true })).toBeVisible();

  const links: [string, RegExp][] = [
    ['Documents', /\/document-page$/],
    ['Request', /\/request$/],
    ['Compliance', /\/compliance$/],
    ['Settings', /\/settings$/],
    ['Dashboard', /\/business$/],
  ];
  for (const [name, url] of links) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
  }
  await nav.getByRole('link', { name: 'Compliance', exact: true }).click();
  await expect(page.getByText('Coming Soon')).toBeVisible();

  await page.getByRole('link', { name: 'Add business' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('link', { name: 'Files', exact: true }).first().click();
  await expect(page).toHaveURL(/\/document-page$/);

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('You have no notifications available')).toBeVisible();
  await page.keyboard.press('Escape');

  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toContainText('TB');
  const items: [string, RegExp][] = [
    ['Files', /\/document-page$/],
    ['Homes', /\/business$/],
    ['Settings', /\/settings$/],
  ];
  for (const [name, url] of items) {
    await avatar.click();
    await page.getByRole('menuitem', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
  }
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await expect(page.getByText('Are you sure you wish to log out?')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await storedToken(page)).toBeTruthy();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await signInAs(page, account);
  await page.goto('/no/such/page');
  await expect(page.getByText('OOPS! Page not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/business$/);
});

test('on a small screen the menu slides in and closes after choosing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, account);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport();
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).not.toBeInViewport();

  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/mobilenotification$/);
});

test('a rejected token ends the session and returns to sign in', async ({ page }) => {
  await signInAs(page, account);
  // The landing page's own calls must be done first: one still under way when the token is
  // forged answers 401 and signs out before the Settings step this test is about.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => localStorage.setItem('token', 'forged.token.value'));
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('another-password-9');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});
