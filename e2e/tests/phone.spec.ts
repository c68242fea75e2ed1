import { expect, test, type Locator, type Page } from '@playwright/test';
import type { BusinessDetail } from '@fd/contract';
import { phoneViewport } from '../a11y.ts';
import { businessApi, openManageSections } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * Every screen on a phone (issue 14; docs/decisions.md §47), 390×844 with Playwright's phone
 * emulation in Chromium (a touch screen, the page's own viewport): the page never scrolls
 * sideways, a list's first card shows its business name, email and status whole, every
 * popover's and dialog's buttons are on screen, and a card opens its business by keyboard
 * too. axe at this width is e2e/tests/accessibility.spec.ts's.
 */
test.use({ viewport: phoneViewport, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

const account = accounts.phone;

/** The page is exactly the screen's width: nothing is reached by scrolling it sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(widths.clientWidth, 'the page is laid out at the phone width').toBe(phoneViewport.width);
  expect(widths.scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(
    widths.clientWidth,
  );
}

/** Wholly on screen: not cut by the screen's edges nor by a box that scrolls or clips it. */
const expectWhollyOnScreen = (locator: Locator) => expect(locator).toBeInViewport({ ratio: 1 });

/**
 * A tab is wholly in its strip's visible part, and the strip on screen, side to side (the
 * strip's own bottom border clips the selected tab's underline by design).
 */
async function expectTabShown(tab: Locator): Promise<void> {
  const strip = tab.locator('xpath=ancestor::*[@role="tablist"][1]');
  const [tabBox, stripBox] = [await tab.boundingBox(), await strip.boundingBox()];
  expect(tabBox && stripBox, 'the tab and its strip are drawn').toBeTruthy();
  expect(tabBox!.x).toBeGreaterThanOrEqual(Math.max(0, stripBox!.x) - 0.5);
  expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(
    Math.min(phoneViewport.width, stripBox!.x + stripBox!.width) + 0.5,
  );
}

/** Every button (and link) of a popover or dialog is on screen, whole. */
async function expectButtonsOnScreen(area: Locator): Promise<void> {
  const controls = area.locator('button:visible, a[href]:visible');
  const count = await controls.count();
  expect(count, 'the popover has buttons').toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await expectWhollyOnScreen(controls.nth(index));
  }
}

/** An element's text is all shown: neither cut with an ellipsis nor clipped. */
async function expectNotCut(locator: Locator): Promise<void> {
  const sizes = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(sizes.scrollWidth, 'the text is not cut').toBeLessThanOrEqual(sizes.clientWidth);
}

const firstCard = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').first();

/** A list's first card: its name, email and badge whole on screen, and the table hidden. */
async function expectFirstCardWhole(page: Page, list: string): Promise<Locator> {
  const card = firstCard(page, list);
  await expect(card).toBeVisible();
  // The table is not drawn at all, so a screen reader meets the cards only.
  await expect(page.getByRole('table', { name: list })).toBeHidden();
  const opener = card.getByRole(list === 'Businesses' ? 'link' : 'button').first();
  await expectWhollyOnScreen(opener);
  await expectWhollyOnScreen(card.getByText(/@/));
  await expectWhollyOnScreen(card.locator('[data-tone]'));
  return card;
}

test.describe('signed out', () => {
  test('sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Log in' }));
  });

  test('forgot password', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Send' }));
  });
});

test.describe('signed in', () => {
  let session: SignedInState;
  /** A demo business with documents and payment receipts: every section has rows. */
  let detail: BusinessDetail;

  test.beforeAll(async ({ browser }) => {
    session = await signInOnce(browser, account);
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: session,
    });
    try {
      const page = await context.newPage();
      await page.goto('/settings');
      detail = await (await businessApi(page, context.request)).withDocumentsAndReceipts();
    } finally {
      await context.close();
    }
  });

  test.beforeEach(async ({ page }) => {
    await restoreSession(page, session);
  });

  test('/business: cards, a tab strip that scrolls, filters in one row, sheets on screen', async ({
    page,
  }) => {
    await page.goto('/business');
    const card = await expectFirstCardWhole(page, 'Businesses');
    await expectNoSidewaysScroll(page);

    // The tabs scroll inside their strip, not the page; the last one is reached and shown whole.
    const strip = page.getByRole('tablist', { name: 'Business status' });
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const last = strip.getByRole('tab', { name: /^Unconfirmed payments\b/ });
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expectTabShown(last);
    await expectNoSidewaysScroll(page);
    await strip.getByRole('tab', { name: /^All clients\b/ }).click();
    await expectFirstCardWhole(page, 'Businesses');

    // The two filters share one row.
    const filter = page.getByRole('button', { name: 'Filter', exact: true });
    const activity = page.getByRole('button', { name: 'Filter by activity' });
    const [filterBox, activityBox] = [await filter.boundingBox(), await activity.boundingBox()];
    expect(filterBox!.y).toBe(activityBox!.y);
    await expectWhollyOnScreen(filter);
    await expectWhollyOnScreen(activity);

    // The filter menu, its Country list and its calendar, each a sheet on screen.
    await filter.click();
    await expectButtonsOnScreen(page.getByRole('menu', { name: 'Filter' }));
    await page.getByRole('menuitemradio', { name: 'Country' }).click();
    await expectButtonsOnScreen(page.getByRole('menu', { name: 'Country' }));
    await page.getByRole('menuitem', { name: 'Back' }).click();
    await page.getByRole('menuitemradio', { name: 'Date', exact: true }).click();
    const calendar = page.getByRole('group', { name: 'Date' });
    await expect(calendar.getByRole('button', { name: 'Apply' })).toBeVisible();
    await expectButtonsOnScreen(calendar);
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');

    // The activity popup: Clear and Apply on screen.
    await activity.click();
    const activityDialog = page.getByRole('dialog', { name: 'Filter by activity' });
    await expect(activityDialog).toBeVisible();
    await expectWhollyOnScreen(activityDialog.getByRole('button', { name: 'Clear' }));
    await expectWhollyOnScreen(activityDialog.getByRole('button', { name: 'Apply' }));
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');

    // The pagination under the cards.
    const next = page.getByRole('button', { name: /next/i }).first();
    await next.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(next);
    await expectNoSidewaysScroll(page);

    // The whole card opens the business: a tap on its email, and Enter on it.
    const name = (await card.getByRole('link').first().textContent())!;
    // A press on the email lands on the link's box, which covers the card (hence `force`:
    // Playwright sees the link over the email and would wait for the email to be uncovered).
    await card.getByText(/@/).click({ force: true });
    await expect(page).toHaveURL(/\/full-business-details\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.goBack();
    const link = firstCard(page, 'Businesses').getByRole('link').first();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/full-business-details\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('/document-page: cards, and the Preview opened by keyboard fits the screen', async ({
    page,
  }) => {
    await page.goto('/document-page');
    const card = await expectFirstCardWhole(page, 'Documents');
    await expectNoSidewaysScroll(page);
    // Each tab, chosen, is shown whole in its strip; the page never scrolls sideways.
    const tabs = await page.getByRole('tab').all();
    for (const tab of [...tabs.slice(1), tabs[0]!]) {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectTabShown(tab);
    }
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expectButtonsOnScreen(page.getByRole('menu', { name: 'Filter' }));
    await page.keyboard.press('Escape');

    await card.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview).toBeVisible();
    await expectButtonsOnScreen(preview);
    await expectNoSidewaysScroll(page);
  });

  test('business details: titles wrap, downloads are named icons', async ({ page }) => {
    await page.goto(`/full-business-details/${detail.uuid}`);
    const documents = page.getByRole('region', { name: 'Verification documents' });
    await expect(documents).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNotCut(page.getByRole('heading', { level: 1 }));
    const titles = [...detail.documents.kyc, ...detail.documents.kyb].map(
      (document) => document.document_title,
    );
    for (const title of titles) {
      const download = documents.getByRole('link', { name: `Download ${title}` }).first();
      await download.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(download);
      await expectNotCut(documents.getByText(title, { exact: true }).first());
    }
    const manage = page.getByRole('button', { name: 'Manage business' });
    await manage.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(manage);
  });

  test('manage business: named icon buttons, menus and the upload dialog on screen', async ({
    page,
  }) => {
    await page.goto(`/manage-business/${detail.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
    await openManageSections(page);
    await expectNoSidewaysScroll(page);

    const edit = page.getByRole('button', { name: 'Edit Business Name' });
    await expectWhollyOnScreen(edit);
    // The icon alone: the word is not drawn, the name says it.
    await expect(edit.getByText('Edit', { exact: true })).toBeHidden();

    // A step's status menu: every choice on screen.
    const picker = page.getByRole('button', { name: /^Change status of / }).first();
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    await expectButtonsOnScreen(page.getByRole('menu'));
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');

    // Attach files → a category → the upload dialog's buttons on screen.
    const attach = page.getByRole('button', { name: 'Attach files' });
    await attach.scrollIntoViewIfNeeded();
    await attach.click();
    const categories = page.getByRole('menu', { name: 'Attach files' });
    await expectButtonsOnScreen(categories);
    await categories.getByRole('menuitem').first().click();
    const upload = page.getByRole('dialog');
    await expect(upload).toBeVisible();
    await expectButtonsOnScreen(upload);
    await expectNoSidewaysScroll(page);
  });

  test('/settings: the account menu and the logout dialog on screen', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Save changes' }));

    // Named with the initials it shows (WCAG 2.5.3).
    const avatar = page.getByRole('button', { name: 'AO, Account menu' });
    await expect(avatar).toHaveText('AO');
    await avatar.click();
    await expectButtonsOnScreen(page.getByRole('menu', { name: 'Account menu' }));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectButtonsOnScreen(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectWhollyOnScreen(
      page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }),
    );
    await expectNoSidewaysScroll(page);
  });

  test('notifications', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL(/\/mobilenotification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const tab of await page.getByRole('tab').all()) await expectTabShown(tab);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Mark all as read' }));
  });
});
