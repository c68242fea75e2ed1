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
  // The businesses' part of the list, which the command menu's actions follow (docs/product.md §12.3).
  const list = page.getByRole('group', { name: 'Businesses found' });
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

test("'Go back' returns to the list as it was left: tab, search, filter, page and scroll", async ({
  page,
}) => {
  // Short enough that the list scrolls.
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.goto('/business');
  await page.getByRole('tab', { name: /^Queued/ }).click();
  await page.getByRole('searchbox', { name: 'Search businesses' }).fill('a');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page).toHaveURL(/search=a/);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Filter' })
    .getByRole('menuitemcheckbox', { name: 'Unpaid', exact: true })
    .click();
  await expect(page).toHaveURL(/account_level=UNPAID/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  const table = page.getByRole('table', { name: 'Businesses' });
  // Page 2 itself, not page 1 kept on screen while it loads.
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row')).toHaveCount(11);
  const listAddress = page.url();

  const lastRow = table.getByRole('row').last();
  await lastRow.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  const opened = (await lastRow.getByRole('cell').nth(2).textContent())!.trim();
  await lastRow.click();
  await expect(page).toHaveURL(/\/full-business-details\//);
  await expect(page.getByRole('heading', { level: 1, name: opened })).toBeVisible();

  const expectListAsLeft = async () => {
    await expect(page).toHaveURL(listAddress);
    await expect(page.getByRole('searchbox', { name: 'Search businesses' })).toHaveValue('a');
    await expect(page.getByRole('tab', { name: /^Queued/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    await expect(table.getByRole('row').last()).toContainText(opened);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  };

  // The in-app Go back.
  await page.getByRole('link', { name: 'Go back' }).click();
  await expectListAsLeft();

  // Opened another way (a reload of the details: no history of the list), Go back still finds it.
  await lastRow.click();
  await expect(page.getByRole('heading', { level: 1, name: opened })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: opened })).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expectListAsLeft();

  // The browser's Back does the same.
  await lastRow.click();
  await expect(page.getByRole('heading', { level: 1, name: opened })).toBeVisible();
  await page.goBack();
  await expectListAsLeft();
});

test("with the API failing, the list says so within 2 s, counts are unknown, 'Try again' recovers", async ({
  page,
}) => {
  // The failure edge: every business list call answers 500 until the route is lifted.
  const failing = '**/api/v1/manager/business/{list,all}/**';
  let firstCallAt = 0;
  /** The list's own calls (the counts ask for the bare endpoints). */
  let listCalls = 0;
  await page.route(failing, (route) => {
    firstCallAt ||= Date.now();
    if (new URL(route.request().url()).searchParams.has('page')) listCalls += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: { detail: 'Something went wrong on our side.' } }),
    });
  });
  await page.goto('/business');
  const table = page.getByRole('table', { name: 'Businesses' });
  await expect(table.getByRole('alert')).toHaveText('Error: Something went wrong :(', {
    timeout: 4000,
  });
  // From the first call to the message: two quick retries (1 s of waiting), not 7 s of
  // spinning; the margin is for a busy machine (the component test holds it under 2 s).
  expect(firstCallAt).toBeGreaterThan(0);
  expect(Date.now() - firstCallAt).toBeLessThan(3500);
  expect(listCalls).toBe(3);
  const allClients = page.getByRole('tab', { name: /^All clients/ });
  await expect(allClients).toHaveAccessibleName('All clients, count unknown');
  await expect(allClients).toContainText('—');
  await expect(page.getByRole('tab', { name: /^Queued/ })).toHaveAccessibleName(
    'Queued, count unknown',
  );

  await page.unroute(failing);
  await table.getByRole('button', { name: 'Try again' }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(allClients).toHaveAccessibleName(/^All clients [0-9,]+$/);
  await expect(page.getByRole('tab', { name: /^Queued/ })).toHaveAccessibleName(/^Queued [0-9,]+$/);
});

test('at 1280×800 every column of the list fits, rows stay compact, the tab strip shows its end', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/business');
  const table = page.getByRole('table', { name: 'Businesses' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const box = page.getByRole('group', { name: 'Businesses', exact: true });
  const fit = await box.evaluate((element) => {
    const table = element.querySelector('table')!;
    const rows = [...table.querySelectorAll('tbody tr')].map(
      (row) => row.getBoundingClientRect().height,
    );
    return {
      area: element.clientWidth,
      table: table.scrollWidth,
      scrolls: element.scrollWidth > element.clientWidth,
      columns: [...table.querySelectorAll('th')].map((th) => [
        th.textContent,
        Math.round(th.getBoundingClientRect().width),
      ]),
      tallestRow: Math.max(...rows),
    };
  });
  expect(fit.scrolls, JSON.stringify(fit)).toBe(false);
  expect(fit.table).toBeLessThanOrEqual(fit.area);
  // Two lines at most: a one-line row is 45 px.
  expect(fit.tallestRow).toBeLessThanOrEqual(68);
  const activity = table.getByRole('columnheader', { name: 'Activity' });
  await expect(activity).toBeInViewport({ ratio: 1 });

  // Every tab is there; when the strip is narrower than its tabs, it scrolls and shows so.
  const strip = page.getByRole('tablist', { name: 'Business status' });
  const last = strip.getByRole('tab', { name: /^Unconfirmed payments/ });
  const overflow = await strip.evaluate((element) => ({
    scrolls: element.scrollWidth > element.clientWidth,
    shadow: getComputedStyle(element).backgroundImage,
  }));
  if (overflow.scrolls) {
    // A shadow at the side that has more tabs (index.css, scroll-shadows-x); the strip scrolls.
    expect(overflow.shadow).toContain('radial-gradient');
    await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  }
  // Its last pixel row is the strip's border line, under the strip's edge (-mb-px).
  await expect(last).toBeInViewport({ ratio: 0.95 });
  await expect(last).toHaveAccessibleName(/^Unconfirmed payments [0-9,]+$/);
});
