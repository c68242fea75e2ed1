/**
 * The notifications journey (docs/product.md §2.3 "Notifications", §4.3, §8; decision 27),
 * shared by e2e/tests/notifications.spec.ts (one server) and
 * e2e/tests/notifications-instances.spec.ts (two API instances on one PostgreSQL database).
 *
 * Two managers in two browsers: A (accounts.notifyA) works on the notifications fixture, and
 * B (accounts.notifyB), whose page stays open and is never reloaded, sees each notification
 * arrive live — the first within 2 s of A's confirmation — and reads, deletes and marks them
 * all read. B starts from no notifications at all (every manager is notified of the other
 * specs' work too), so every count and every empty text is exact.
 */
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiErrorDetails, emptyStateTexts, manageTexts, successMessages } from '@fd/contract';
import { businessApi } from './business-oracle.ts';
import { accounts, notificationsBusiness, type Account } from './fixtures.ts';
import { notificationsApi } from './notifications-oracle.ts';
import { signInAs } from './session.ts';

/** The acceptance's deadline: B sees A's change this soon after A confirms it. */
const DELIVERY_DEADLINE_MS = 2000;
/** index.html's title; the unread count goes before it. */
const APP_TITLE = 'Formation Desk';
const STEP = 'Incorporation Status';

export interface JourneySites {
  /** Where manager A's browser works (the server's address). */
  a: string;
  /** Where manager B's browser works. */
  b: string;
  /** Over HTTPS with the tests' certificate, which the browser is told to accept. */
  acceptTestCertificate?: boolean;
}

// ---- Sessions -----------------------------------------------------------------

/** A browser context of its own on `baseURL`, signed in through the login screen. */
async function signedInPage(
  browser: Browser,
  contexts: BrowserContext[],
  baseURL: string,
  account: Account,
  ignoreHTTPSErrors = false,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors });
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, account);
  return page;
}

/** Notes the window, to prove at the end that every change showed without a reload. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as { e2eNotReloaded?: boolean }).e2eNotReloaded = true;
  });

async function expectNoReload(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as { e2eNotReloaded?: boolean }).e2eNotReloaded),
    'the page was not reloaded',
  ).toBe(true);
}

// ---- Setup ---------------------------------------------------------------------

/** Deletes all the manager's notifications: the other specs' work notified every manager. */
async function deleteAll(page: Page): Promise<void> {
  const api = notificationsApi(page);
  for (let listed = await api.list(); listed.length > 0; listed = await api.list()) {
    for (const notification of listed) await api.remove(notification.uuid);
  }
}

// ---- What B should see ---------------------------------------------------------------

interface Expected {
  uuid: string;
  message: string;
  status: string;
  /** docs/product.md §4.3: Processing blue, Approved and Completed green, Failed red, else blue. */
  tone: 'blue' | 'green' | 'red';
  read: boolean;
}

/** The bell (wide screens) or the small-screen icon, whichever is shown. */
const unreadName = /^Notifications(, [\d,]+ unread)?$/;
const notificationsControl = (page: Page) =>
  page.getByRole('button', { name: unreadName }).or(page.getByRole('link', { name: unreadName }));

/** The unread badge in the bell (or the small-screen icon). */
const unreadBadge = (page: Page) => notificationsControl(page).getByTestId('unread-badge');

/** The bell's name and badge and the title's count all say `unread`. */
async function expectUnread(page: Page, unread: number): Promise<void> {
  const control = notificationsControl(page);
  if (unread === 0) {
    await expect(control).toHaveAccessibleName('Notifications');
    await expect(unreadBadge(page)).toHaveCount(0);
    await expect(page).toHaveTitle(APP_TITLE);
  } else {
    await expect(unreadBadge(page)).toHaveText(String(unread));
    await expect(control).toHaveAccessibleName(`Notifications, ${unread} unread`);
    await expect(page).toHaveTitle(`(${unread}) ${APP_TITLE}`);
  }
}

const tabList = (area: Locator) =>
  area.getByRole('tablist', { name: 'Notifications by status', exact: true });
const tab = (area: Locator, name: 'All' | 'Read' | 'Unread') =>
  // Tabs are named as they read, the label then the count (WCAG 2.5.3).
  tabList(area).getByRole('tab', { name: new RegExp(`^${name}(?: [\\d,]+)?$`) });
const items = (area: Locator) =>
  area.getByRole('tabpanel').getByRole('list', { name: 'Notifications' }).getByRole('listitem');
const item = (area: Locator, expected: Expected) =>
  items(area).filter({
    has: area.page().getByRole('link', { name: expected.message, exact: true }),
  });

/**
 * The panel (the bell's dropdown, or the page) shows exactly `expected` (newest first): each
 * tab's count, then each tab's list, or its empty text, in turn. It ends on the All tab.
 */
async function expectPanel(area: Locator, expected: Expected[]): Promise<void> {
  const read = expected.filter((notification) => notification.read);
  const unread = expected.filter((notification) => !notification.read);
  const tabs = [
    { name: 'All', shown: expected, empty: emptyStateTexts.notifications },
    { name: 'Read', shown: read, empty: emptyStateTexts.readNotifications },
    { name: 'Unread', shown: unread, empty: emptyStateTexts.unreadNotifications },
  ] as const;
  for (const { name, shown } of tabs) {
    await expect(tab(area, name)).toHaveAccessibleName(`${name} ${shown.length}`);
  }
  const markAll = area.getByRole('button', { name: 'Mark all as read', exact: true });
  if (unread.length > 0) await expect(markAll).toBeEnabled();
  else await expect(markAll).toBeDisabled();

  for (const { name, shown, empty } of tabs) {
    await tab(area, name).click();
    await expect(tab(area, name)).toHaveAttribute('aria-selected', 'true');
    const panel = area.getByRole('tabpanel');
    await expect(items(area)).toHaveCount(shown.length);
    if (shown.length === 0) {
      await expect(panel.getByText(empty, { exact: true })).toBeVisible();
      continue;
    }
    await expect(panel.getByText(empty, { exact: true })).toHaveCount(0);
    for (const [index, notification] of shown.entries()) {
      const row = items(area).nth(index);
      await expect(row.getByRole('link')).toHaveText(notification.message);
      await expect(row).toHaveAttribute('data-read', String(notification.read));
      await expect(row.getByText(notificationsBusiness.name, { exact: true })).toBeVisible();
      const badge = row.locator('[data-tone]');
      await expect(badge).toHaveText(notification.status);
      await expect(badge).toHaveAttribute('data-tone', notification.tone);
      await expect(row.getByRole('button', { name: 'Mark as read', exact: true })).toHaveCount(
        notification.read ? 0 : 1,
      );
      await expect(row.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    }
  }
  await tab(area, 'All').click();
}

/** `Today, <Month D, YYYY>` in UTC; either day when the test runs across midnight. */
function todayText(from: Date, to: Date): RegExp {
  const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const days = [...new Set([long.format(from), long.format(to)])];
  return new RegExp(`^Today, (${days.join('|')})$`);
}

/**
 * A new toast (docs/product.md §8) with exactly this text is on screen. Each one checked is
 * marked, so that a later check of the same text (toasts stay 4 s) needs another toast.
 */
async function expectToast(page: Page, text: string): Promise<void> {
  const fresh = page
    .locator('[role="alert"]:not([data-e2e-checked])')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await expect(fresh).toBeVisible();
  await fresh.evaluate((toast) => toast.setAttribute('data-e2e-checked', ''));
}

/** B's own notifications from the API, newest first, as the screen should show them. */
async function expectedFromApi(page: Page, businessUuid: string): Promise<Expected[]> {
  const listed = await notificationsApi(page).list();
  for (const notification of listed) {
    expect(notification.business?.uuid, notification.message).toBe(businessUuid);
    expect(notification.message).toContain(notificationsBusiness.name);
  }
  return listed.map((notification) => ({
    uuid: notification.uuid,
    message: notification.message,
    status: notification.status,
    tone: notification.status === 'Failed' ? 'red' : 'blue',
    read: notification.is_read,
  }));
}

// ---- What A does -------------------------------------------------------------------

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

// ---- The journey -----------------------------------------------------------------

export async function notificationsJourney(browser: Browser, sites: JourneySites): Promise<void> {
  const contexts: BrowserContext[] = [];
  try {
    await journey(browser, sites, contexts);
  } finally {
    for (const context of contexts) await context.close();
  }
}

async function journey(
  browser: Browser,
  sites: JourneySites,
  contexts: BrowserContext[],
): Promise<void> {
  const acceptCertificate = sites.acceptTestCertificate ?? false;
  const pageA = await signedInPage(browser, contexts, sites.a, accounts.notifyA, acceptCertificate);
  const pageB = await signedInPage(browser, contexts, sites.b, accounts.notifyB, acceptCertificate);
  const businesses = await businessApi(pageA, pageA.request);
  const { uuid: businessUuid } = await businesses.findByName(notificationsBusiness.name);

  // ---- B starts with none: the counts are zero and every tab says so. ----
  await deleteAll(pageB);
  await pageB.goto('/settings');
  await expect(pageB.getByRole('heading', { level: 1 })).toBeVisible();
  await markWindow(pageB);
  await expectUnread(pageB, 0);
  const openedAt = new Date();
  await notificationsControl(pageB).click();
  const dropdown = pageB.getByRole('region', { name: 'Notifications', exact: true });
  await expect(dropdown.getByRole('heading', { level: 2 })).toHaveText('Notifications');
  await expect(dropdown.getByText(todayText(openedAt, new Date()))).toBeVisible();
  await expectPanel(dropdown, []);
  await pageB.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();

  // ---- A fails a step with a report; B's bell rises, live. ----
  await pageA.goto(`/manage-business/${businessUuid}`);
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText('Manage business');
  await section(pageA, 'Status management')
    .getByRole('listitem', { name: STEP, exact: true })
    .getByRole('button', { name: `Change status of ${STEP}` })
    .click();
  await pageA.getByRole('menuitem', { name: 'Failed', exact: true }).click();
  const report = pageA.getByRole('dialog', { name: manageTexts.errorMessageTitle });
  await expect(report.getByLabel('Feedback Title', { exact: true })).toHaveValue(
    'Company Formation',
  );
  await report
    .getByLabel('Message', { exact: true })
    .fill('The registry rejected the company name; please send two alternatives.');
  await report.getByRole('button', { name: manageTexts.sendReport, exact: true }).click();
  // The report waits for the confirmation, then goes with the status in one request
  // (docs/product.md §10.1): two notifications, the report (Feedback) and the Failed one.
  const confirm = pageA.getByRole('dialog', { name: manageTexts.confirmStatus });
  await expect(confirm).toHaveAccessibleDescription(
    `${STEP} will be set to Failed, and your report sent to the client.`,
  );
  await expectUnread(pageB, 0);
  const confirmedAt = Date.now();
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  let deliveredAfter = 0;
  await Promise.all([
    expectToast(pageA, successMessages.feedbackSent),
    expectToast(pageA, successMessages.statusUpdated),
    (async () => {
      // The deadline counts from A's click: the write, the (other) instance's read, the
      // stream's event and B's refetch of the counts all fit in it.
      await expect(unreadBadge(pageB)).toHaveText('2', {
        timeout: Math.max(1, confirmedAt + DELIVERY_DEADLINE_MS - Date.now()),
      });
      deliveredAfter = Date.now() - confirmedAt;
    })(),
  ]);
  test.info().annotations.push({ type: 'delivered after (ms)', description: `${deliveredAfter}` });
  await expectUnread(pageB, 2);

  // ---- B opens the bell: the Failed one (red) on top of the report, both unread. ----
  let expected = await expectedFromApi(pageB, businessUuid);
  expect(expected.map(({ status }) => status)).toEqual(['Failed', 'Feedback']);
  expect(expected[0]!.message).toContain(STEP);
  await notificationsControl(pageB).click();
  await expectPanel(dropdown, expected);
  const [failed, feedback] = expected as [Expected, Expected];

  // ---- B marks the Failed one read. ----
  await item(dropdown, failed).getByRole('button', { name: 'Mark as read', exact: true }).click();
  await expectToast(pageB, successMessages.notificationMarkedRead);
  failed.read = true;
  await expectUnread(pageB, 1);
  await expectPanel(dropdown, expected);

  // ---- A comments; it arrives while B's dropdown is open, and B deletes it. ----
  const comments = section(pageA, 'Comments');
  const comment = 'Asked the owner for two other company names.';
  await comments.getByLabel('Add a comment', { exact: true }).fill(comment);
  await comments.getByRole('button', { name: manageTexts.comment, exact: true }).click();
  await expect(comments.getByRole('list', { name: 'Comments' })).toContainText(comment);
  await expectUnread(pageB, 2);
  expected = await expectedFromApi(pageB, businessUuid);
  expect(expected.map(({ uuid }) => uuid)).toEqual([
    expect.any(String),
    failed.uuid,
    feedback.uuid,
  ]);
  const commented = expected[0]!;
  expect(commented.status).toBe('Comment');
  await expectPanel(dropdown, expected);
  await item(dropdown, commented).getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(pageB, successMessages.notificationDeleted);
  expected = [failed, feedback];
  await expectUnread(pageB, 1);
  await expectPanel(dropdown, expected);

  // ---- B marks all as read. ----
  await dropdown.getByRole('button', { name: 'Mark all as read', exact: true }).click();
  feedback.read = true;
  await expectUnread(pageB, 0);
  await expectPanel(dropdown, expected);

  // ---- A notification opens its business, and the dropdown closes. ----
  await item(dropdown, failed).getByRole('link', { name: failed.message }).click();
  await expect(pageB).toHaveURL(`/full-business-details/${businessUuid}`);
  await expect(pageB.getByRole('heading', { level: 1 })).toHaveText(notificationsBusiness.name);
  await expect(dropdown).toBeHidden();

  // ---- On a small screen: the icon leads to /mobilenotification, the same panel as a page. ----
  await pageB.setViewportSize({ width: 390, height: 844 });
  await notificationsControl(pageB).click();
  await expect(pageB).toHaveURL('/mobilenotification');
  await expect(pageB.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  const notificationsPage = pageB.getByRole('main');
  await expect(tabList(notificationsPage)).toBeInViewport();
  await expectPanel(notificationsPage, expected);

  // A notification already deleted elsewhere: the server's detail, and it goes from the list.
  await notificationsApi(pageB).remove(feedback.uuid);
  await item(notificationsPage, feedback)
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expectToast(pageB, apiErrorDetails.notificationNotFound);
  expected = [failed];
  await expectPanel(notificationsPage, expected);
  await item(notificationsPage, failed)
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expectToast(pageB, successMessages.notificationDeleted);
  await expectPanel(notificationsPage, []);
  await expectUnread(pageB, 0);

  await expectNoReload(pageB);
}
