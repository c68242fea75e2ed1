import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_BASE_PATH, apiPaths, type BusinessDetail } from '@fd/contract';
import { phoneViewport } from '../a11y.ts';
import { businessApi, openManageSections, sendFileToClient } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { mailsTo, waitForNewCode } from '../mail.ts';
import { paste, restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * Every screen on a phone (docs/decisions/047-phones-one-list-in-two-layouts-chosen.md), 390×844
 * with Playwright's phone emulation in Chromium (a touch screen, the page's own viewport): the page
 * never scrolls sideways, a list's first card shows its business name, email and status whole,
 * every popover's and dialog's buttons are on screen, and a card opens its business by keyboard
 * too. The static mock-ups (decision 28) show their tables as cards too, and every control of
 * theirs is a tap target of at least 24×24 px. axe at this width is
 * e2e/tests/accessibility.spec.ts's.
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

/**
 * Every control drawn on the page is a tap target of at least 24×24 px (WCAG 2.5.8): its own
 * box, or for a radio button or checkbox inside its label, the label's (a tap on the label
 * picks it). Not counted: visually hidden controls (the skip link, clipped until focused) and,
 * as WCAG excepts them, links and buttons inside a sentence, whose height is the line's.
 */
async function expectTapTargets(page: Page): Promise<void> {
  // The live controls only: the page's pre-rendered frame is gone once the app has taken over.
  await expect(page.locator('[inert]')).toHaveCount(0);
  // Boxes as they settle: a toast or dialog still sliding in is measured through its transform.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const small = await page.evaluate(() => {
    // What a transform's floating point leaves of a 24 px box (23.99999…) is 24 px.
    const atLeast24 = (size: number) => size >= 24 - 0.01;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [tabindex="0"]',
    );
    const isClipped = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    };
    // A link within a line of text may be as tall as the text (WCAG 2.5.8's inline exception).
    const inSentence = (control: HTMLElement) =>
      getComputedStyle(control).display === 'inline' &&
      [...(control.parentElement?.childNodes ?? [])].some(
        (node) => node !== control && node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
    return [...controls].flatMap((control) => {
      const own = control.getBoundingClientRect();
      if (own.width === 0 || own.height === 0 || isClipped(control)) return [];
      const label = control instanceof HTMLInputElement ? control.closest('label') : null;
      if (!label && inSentence(control)) return [];
      const box = label ? label.getBoundingClientRect() : own;
      if (atLeast24(box.width) && atLeast24(box.height)) return [];
      const name =
        control.getAttribute('aria-label') ?? (label ?? control).textContent?.trim() ?? '';
      return [`${control.tagName.toLowerCase()} "${name}" ${box.width}×${box.height}`];
    });
  });
  expect(small, 'controls smaller than 24×24 px').toEqual([]);
}

/**
 * A mock-up's list (docs/decisions/047-phones-one-list-in-two-layouts-chosen.md): its cards, and
 * its table not drawn at all.
 */
async function expectCards(page: Page, list: string, count: number): Promise<Locator> {
  const cards = page.getByRole('list', { name: list, exact: true }).getByRole('listitem');
  await expect(cards).toHaveCount(count);
  await expect(page.getByRole('table', { name: list, exact: true })).toBeHidden();
  return cards;
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
    await expectTapTargets(page);

    // A refused sign-in's toast: on screen, its close button a tap target too.
    // No such account: refused like a wrong password, and no fixture account's limit spent.
    await page.getByLabel('Email').fill('phone.nobody@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    const toast = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(toast).toBeVisible();
    await expectWhollyOnScreen(toast);
    await expectTapTargets(page);
  });

  test('forgot password', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Send' }));
    await expectTapTargets(page);
  });

  test('verify code and reset password, opened directly: what to do instead, on screen', async ({
    page,
  }) => {
    for (const [path, title] of [
      ['/verify-otp', 'Verify your code'],
      ['/reset-password', 'Set a new password'],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expectNotCut(heading);
      await expectNoSidewaysScroll(page);
      await expectWhollyOnScreen(
        page.getByRole('link', { name: 'Request a new verification code' }),
      );
      await expectTapTargets(page);
    }
  });

  test('the recovery: the code screen, the new password and the Password changed dialog', async ({
    page,
    request,
  }) => {
    // The account's password is reset on the way, and set back at the end: the signed-in tests
    // below sign in with it.
    const temporary = 'phone-recovered-password-2';
    let reset = false;
    try {
      await page.goto('/forgot-password');
      const seen = mailsTo(account.email).length;
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/verify-otp$/);
      const check = page.getByRole('heading', { level: 1, name: 'Check your email' });
      await expect(check).toBeVisible();
      await expectNotCut(check);
      await expectWhollyOnScreen(page.getByText(account.email, { exact: true }));
      await expectNoSidewaysScroll(page);
      // The six boxes share the row, each whole, with Resend, Cancel and Verify.
      for (let digit = 1; digit <= 6; digit += 1) {
        await expectWhollyOnScreen(page.getByLabel(`Digit ${digit}`, { exact: true }));
      }
      for (const name of ['Click to resend.', 'Cancel', 'Verify']) {
        await expectWhollyOnScreen(page.getByRole('button', { name }));
      }
      await expectTapTargets(page);

      await paste(page, 'Digit 1', await waitForNewCode(account.email, seen));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/reset-password$/);
      const choose = page.getByRole('heading', { level: 1, name: 'Set a new password' });
      await expect(choose).toBeVisible();
      await expectNotCut(choose);
      await expectNoSidewaysScroll(page);
      await expectWhollyOnScreen(page.getByRole('button', { name: 'Reset password' }));
      await expectTapTargets(page);

      await page.getByLabel('New password', { exact: true }).fill(temporary);
      await page.getByLabel('Confirm password', { exact: true }).fill(temporary);
      await page.getByRole('button', { name: 'Reset password' }).click();
      const changed = page.getByRole('dialog', { name: 'Password changed' });
      await expect(changed).toBeVisible();
      reset = true;
      await expectButtonsOnScreen(changed);
      await expectNoSidewaysScroll(page);
      await expectTapTargets(page);
    } finally {
      if (reset) await setPasswordBack(request, temporary);
    }
  });

  test('not found', async ({ page }) => {
    await expectNotFoundFits(page);
  });
});

/** accounts.phone's own password again, through the API, after the recovery reset it. */
async function setPasswordBack(request: APIRequestContext, current: string): Promise<void> {
  const login = await request.post(`${API_BASE_PATH}/${apiPaths.auth.login}`, {
    data: { email: account.email, password: current },
  });
  await expect(login, 'accounts.phone signs in with the password it was reset to').toBeOK();
  const { token } = (await login.json()) as { token: string };
  const changed = await request.post(`${API_BASE_PATH}/${apiPaths.auth.changePassword}`, {
    data: { old_password: current, new_password: account.password },
    headers: { Authorization: `Bearer ${token}` },
  });
  await expect(changed, 'accounts.phone has its own password again').toBeOK();
}

/** The not-found page: its title whole, the way home on screen. */
async function expectNotFoundFits(page: Page): Promise<void> {
  await page.goto('/no/such/page');
  const heading = page.getByRole('heading', { level: 1, name: 'OOPS! Page not found' });
  await expect(heading).toBeVisible();
  await expectNotCut(heading);
  await expectWhollyOnScreen(heading);
  await expectWhollyOnScreen(page.getByRole('button', { name: 'Go to homepage' }));
  await expectNoSidewaysScroll(page);
  await expectTapTargets(page);
}

test.describe('signed in', () => {
  let session: SignedInState;
  /** A demo business with documents and payment receipts: every section has rows. */
  let detail: BusinessDetail;

  test.beforeAll(async ({ browser }) => {
    session = await signInOnce(browser, account);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const page = await context.newPage();
      await restoreSession(page, session);
      await page.goto('/settings');
      detail = await (await businessApi(page, context.request)).withDocumentsAndReceipts();
      // A file sent to the client: its link shows on the activities log and the timeline.
      const upload = await sendFileToClient(context.request, (await storedToken(page))!, detail, {
        name: 'phone-certificate.pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
      });
      expect(upload, 'a file is sent to the client').toBeOK();
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
    await expectTapTargets(page);

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
    await page.getByRole('menuitemcheckbox', { name: 'Country' }).click();
    await expectButtonsOnScreen(page.getByRole('menu', { name: 'Country' }));
    await page.getByRole('menuitem', { name: 'Back' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Date', exact: true }).click();
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
    await expectTapTargets(page);
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
    await expectTapTargets(page);
  });

  test('manage business: named icon buttons, menus and the upload dialog on screen', async ({
    page,
  }) => {
    await page.goto(`/manage-business/${detail.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
    await openManageSections(page);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);

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
    await expectTapTargets(page);
  });

  test('notifications', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL(/\/mobilenotification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const tab of await page.getByRole('tab').all()) await expectTabShown(tab);
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Mark all as read' }));
    await expectTapTargets(page);
  });

  test('/compliance: the coming-soon page', async ({ page }) => {
    await page.goto('/compliance');
    const heading = page.getByRole('heading', { level: 1, name: 'Coming Soon' });
    await expect(heading).toBeVisible();
    await expectNotCut(heading);
    await expectWhollyOnScreen(heading);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);
  });

  test('not found, signed in', async ({ page }) => {
    await expectNotFoundFits(page);
  });

  // ---- The static mock-ups (decision 28) -------------------------------------------------

  /** A mock-up's heading, whole (it wraps), and a page that does not scroll sideways. */
  async function openMockup(page: Page, path: string, title: string): Promise<void> {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expectNotCut(heading);
    await expectWhollyOnScreen(heading);
    await expectNoSidewaysScroll(page);
  }

  /**
   * Opens a status picker: its choices on screen, then the choice's question with its
   * buttons on screen, which is returned open.
   */
  async function pickStatus(page: Page, of: string, choice: string): Promise<Locator> {
    const picker = page.getByRole('button', { name: `Change status of ${of}` });
    await picker.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(picker);
    await picker.click();
    const menu = page.getByRole('menu');
    await expectButtonsOnScreen(menu);
    await expectNoSidewaysScroll(page);
    await menu.getByRole('menuitem', { name: choice, exact: true }).click();
    const question = page.getByRole('dialog');
    await expect(question).toBeVisible();
    await expectButtonsOnScreen(question);
    await expectNoSidewaysScroll(page);
    return question;
  }

  test('/flex-dashboard: the counters in one row, invoices as cards, a card opens its invoice', async ({
    page,
  }) => {
    await openMockup(page, '/flex-dashboard', 'Dashboard');
    // The three counters share one row, each whole.
    const counters = page.getByRole('list', { name: 'Invoices by status' }).getByRole('listitem');
    await expect(counters).toHaveCount(3);
    const tops = [];
    for (const counter of await counters.all()) {
      await expectWhollyOnScreen(counter);
      tops.push((await counter.boundingBox())!.y);
    }
    expect(new Set(tops).size, 'the counters share one row').toBe(1);

    const cards = await expectCards(page, 'Invoices', 6);
    const first = cards.first();
    await expectWhollyOnScreen(first.getByRole('link', { name: 'INV-2026-0118' }));
    await expectWhollyOnScreen(first.getByText('Awaiting review'));
    await expectWhollyOnScreen(first.getByText('$450.00', { exact: false }));
    await expectTapTargets(page);

    // The tabs scroll inside their strip, not the page; the last one is reached and shown whole.
    const strip = page.getByRole('tablist', { name: 'Invoice status' });
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const rejected = strip.getByRole('tab', { name: /^Rejected\b/ });
    await rejected.click();
    await expect(rejected).toHaveAttribute('aria-selected', 'true');
    await expectTabShown(rejected);
    await expectCards(page, 'Invoices', 1);
    await expectNoSidewaysScroll(page);
    await strip.getByRole('tab', { name: /^All\b/ }).click();
    await expectCards(page, 'Invoices', 6);

    // A tap anywhere on a card opens its invoice (the link's box covers the card).
    await cards.nth(1).getByText('Daniel Mensah').click({ force: true });
    await expect(page).toHaveURL(/\/flex-invoice\?no=INV-2026-0117$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Invoice INV-2026-0117' }),
    ).toBeVisible();
  });

  test('/flex-invoice: the actions, the invoice lines and both questions on screen', async ({
    page,
  }) => {
    await openMockup(page, '/flex-invoice', 'Invoice INV-2026-0118');
    for (const name of ['Go back', 'Pay now', 'Reject invoice', 'Approve invoice']) {
      await expectWhollyOnScreen(page.getByRole(name === 'Go back' ? 'link' : 'button', { name }));
    }
    await expectTapTargets(page);
    // Two columns, narrower than the phone: the lines and their total fit as they are.
    const lines = page.getByRole('table', { name: 'Invoice lines' });
    await lines.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(lines);
    await expectWhollyOnScreen(lines.getByRole('row', { name: /^Total/ }));

    for (const [button, question] of [
      ['Approve invoice', 'You are about to update this invoice status to approve'],
      ['Reject invoice', 'You are about to update this invoice status to reject'],
    ] as const) {
      const action = page.getByRole('button', { name: button });
      await action.scrollIntoViewIfNeeded();
      await action.click();
      const dialog = page.getByRole('dialog', { name: question });
      await expect(dialog).toBeVisible();
      await expectButtonsOnScreen(dialog);
      await expectNotCut(dialog.getByRole('heading', { name: question }));
      await expectNoSidewaysScroll(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('/flex-profile: the form and its errors, the side menu and its logout question', async ({
    page,
  }) => {
    await openMockup(page, '/flex-profile', 'My profile');
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    // The errors pushed it down: scrolled to again, it is whole.
    await save.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(save);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);

    // The manager group's own side menu: its links and Logout on screen, and its question.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'My profile']) {
      await expectWhollyOnScreen(nav.getByRole('link', { name }));
    }
    const logout = nav.getByRole('button', { name: 'Logout' });
    await expectWhollyOnScreen(logout);
    await expectNoSidewaysScroll(page);
    await logout.click();
    const leaving = page.getByRole('dialog', { name: 'Hmmm! you seem to be leaving' });
    await expect(leaving).toBeVisible();
    await expectButtonsOnScreen(leaving);
    await leaving.getByRole('button', { name: 'Cancel' }).click();
    await expect(leaving).toBeHidden();
  });

  test('/request: requests as cards, a card opens its request', async ({ page }) => {
    await openMockup(page, '/request', 'Requests');
    const cards = await expectCards(page, 'Requests', 4);
    const first = cards.first();
    await expectWhollyOnScreen(first.getByRole('link', { name: 'Bluewave Analytics LLC' }));
    await expectWhollyOnScreen(first.getByText('Pending', { exact: true }));
    await expectWhollyOnScreen(first.getByText(/^REQ-1042 · Submitted /));
    // A long business name wraps in its card rather than being cut.
    await expectNotCut(cards.nth(2).getByRole('link', { name: 'Maple Ridge Consulting Inc.' }));
    await expectTapTargets(page);

    await cards.nth(1).getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/request-details\?id=REQ-1039$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request details' })).toBeVisible();
  });

  test('/request-details: file titles whole, the status menus and their questions on screen', async ({
    page,
  }) => {
    await openMockup(page, '/request-details', 'Request details');
    await expectWhollyOnScreen(page.getByRole('link', { name: 'Go back' }));
    const documents = page.getByRole('region', { name: 'Submitted documents' });
    for (const title of ['Board resolution', 'Certificate of incorporation']) {
      const download = documents.getByRole('link', { name: `Download ${title}` });
      await download.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(download);
      await expectNotCut(documents.getByText(title, { exact: true }));
    }
    await expectTapTargets(page);

    // A document's status: its menu, then the question.
    const approve = await pickStatus(page, 'Board resolution', 'Approved');
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await expect(approve).toBeHidden();

    // The last step's client status, Failed: the question, then the Error Message dialog.
    const failed = await pickStatus(page, 'Upload customer docs', 'Failed');
    await failed.getByRole('button', { name: 'Update status' }).click();
    const report = page.getByRole('dialog', { name: 'Error Message' });
    await expect(report).toBeVisible();
    await expectButtonsOnScreen(report);
    await expectWhollyOnScreen(report.getByLabel('Error category'));
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();

    // Docs upload: a file is required; the message and Upload on screen.
    const upload = page.getByRole('region', { name: 'Docs upload' });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const required = upload.getByText('Please upload a file.');
    await expect(required).toBeVisible();
    await expectWhollyOnScreen(required);
    await expectWhollyOnScreen(upload.getByRole('button', { name: 'Upload' }));
    await expectNoSidewaysScroll(page);
  });

  test('/tax-return: history as cards, the step menus and their question on screen', async ({
    page,
  }) => {
    await openMockup(page, '/tax-return', 'Licence renewal');
    const statements = page.getByRole('region', { name: 'Bank statement' });
    for (const title of [
      'Bank statement, January–June 2025',
      'Bank statement, July–December 2025',
    ]) {
      await expectNotCut(statements.getByText(title, { exact: true }));
    }
    const history = await expectCards(page, 'History', 4);
    const last = history.last();
    await last.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(last.getByText('Licence renewal requested'));
    await expectWhollyOnScreen(last.getByText(/^Daniel Mensah · 2026-11-18 16:40$/));
    await expectTapTargets(page);

    const done = await pickStatus(page, 'Upload tax returns document', 'Done');
    await done.getByRole('button', { name: 'Cancel' }).click();
    await expect(done).toBeHidden();
  });

  test('/onboarding: one column, its errors, Submit and every tap target', async ({ page }) => {
    await openMockup(page, '/onboarding', 'Onboarding');
    await page.getByLabel('Number of shareholders').selectOption('3');
    await expect(page.getByRole('group', { name: 'Shareholder 3' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await expect(page.getByText('Company name is required.')).toBeVisible();
    await expect(page.getByLabel('Company name')).toBeFocused();
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);
    // The form is one column: each field as wide as the other.
    const [name, industry] = [
      await page.getByLabel('Company name').boundingBox(),
      await page.getByLabel('Industry').boundingBox(),
    ];
    expect(industry!.y).toBeGreaterThan(name!.y);
    expect(industry!.width).toBe(name!.width);
    await submit.scrollIntoViewIfNeeded();
    await expectWhollyOnScreen(submit);
  });
});
