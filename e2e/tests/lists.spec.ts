import { expect, test } from '@playwright/test';
import { accounts, fixtureBusinesses } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

const account = accounts.lists;
const zephyr = fixtureBusinesses.empty;
const quill = fixtureBusinesses.withNin;

let session: SignedInState;
test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, account);
});
test.beforeEach(async ({ page }) => {
  await restoreSession(page, session);
});

test('the top bar jumps to a business by name or email with the keyboard', async ({ page }) => {
  await page.goto('/settings');
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeVisible();

  // `/` focuses it from the page; matches show while typing; Enter opens the one picked.
  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  await search.pressSequentially('zephyr empty', { delay: 20 });
  const list = page.getByRole('listbox', { name: 'Businesses found' });
  await expect(list.getByRole('option', { name: new RegExp(zephyr.name) })).toBeVisible();
  await search.press('ArrowDown');
  await expect(list.getByRole('option', { name: new RegExp(zephyr.name) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search.press('Enter');
  await expect(page).toHaveURL(/\/full-business-details\/[0-9a-f-]{36}$/);
  await expect(page.getByText(zephyr.name).first()).toBeVisible();
  await expect(search).toHaveValue('');

  // Ctrl-K focuses it too; an owner's email finds the business; Escape closes, and again clears.
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await search.fill(quill.ownerEmail.toUpperCase());
  await expect(list.getByRole('option', { name: new RegExp(quill.name) })).toBeVisible();
  await search.press('Escape');
  await expect(list).toBeHidden();
  await expect(search).toHaveValue(quill.ownerEmail.toUpperCase());
  await search.press('Escape');
  await expect(search).toHaveValue('');

  await search.fill(quill.ownerEmail);
  await expect(list.getByRole('option')).toHaveCount(1);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/full-business-details\/[0-9a-f-]{36}$/);
  await expect(page.getByText(quill.name).first()).toBeVisible();

  // No match says so.
  await search.fill('no business is called this');
  await expect(page.getByRole('status').filter({ hasText: 'No business matches' })).toBeVisible();
});
