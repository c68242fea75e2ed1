import { expect, test, type Page, type Request } from '@playwright/test';
import { API_BASE_PATH, apiPaths, emptyStateTexts, NOTIFICATIONS_PAGE_SIZE } from '@fd/contract';
import { accounts } from '../fixtures.ts';
import { notificationsApi } from '../notifications-oracle.ts';
import { signIn, signInAs, storedToken } from '../session.ts';

const account = accounts.shell;

/**
 * The heading of the first paint the server sent for a page
 * (docs/decisions/048-each-route-s-page-carries-its-first.md,
 * docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
 */
const firstPaintHeading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

test('without a session every authenticated route sends the user to sign in', async ({ page }) => {
  for (const route of ['/business', '/settings', '/document-page', '/manage-business/abc']) {
    const response = await page.goto(route);
    // The page itself is the sign-in screen's first paint, never a signed-in screen's frame.
    expect(firstPaintHeading(await response!.text()), route).toBe('Welcome back');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  }
});

test("a signed-in route's page shows its own frame while the browser holds a session", async ({
  page,
}) => {
  await signInAs(page, account);
  await expect(page).toHaveURL(/\/business$/);
  const firstPaintOf = async (route: string) =>
    firstPaintHeading(await (await page.goto(route))!.text());
  expect(await firstPaintOf('/settings')).toBe('Managers profile');

  // A session kept from before the cookie existed (or the cookie lost): the server sends the
  // sign-in page, the app still opens the screen, and sets the cookie again for next time.
  await page.context().clearCookies();
  expect(await firstPaintOf('/settings')).toBe('Welcome back');
  await expect(page.getByRole('heading', { level: 1, name: 'Managers profile' })).toBeVisible();
  expect(await firstPaintOf('/business')).toBe('Businesses');

  // Signed out, the cookie goes with the session.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  expect(await firstPaintOf('/business')).toBe('Welcome back');
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
    ['Insights', /\/insights$/],
    ['Settings', /\/settings$/],
    ['Dashboard', /\/business\?status=attention$/],
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

  // The bell: every manager is notified of the other managers' work (the other specs'), so
  // its count and its tabs' are the API's; e2e/tests/notifications.spec.ts follows them live.
  const counts = await notificationsApi(page).counts();
  const bell = page.getByRole('button', {
    name: counts.unread > 0 ? `Notifications, ${counts.unread} unread` : 'Notifications',
    exact: true,
  });
  await bell.click();
  const dropdown = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(dropdown.getByRole('heading', { level: 2 })).toHaveText('Notifications');
  const tabs = dropdown.getByRole('tablist', { name: 'Notifications by status' });
  await expect(tabs.getByRole('tab')).toHaveText([/^All/, /^Read/, /^Unread/]);
  for (const [name, count] of [
    ['All', counts.all],
    ['Read', counts.read],
    ['Unread', counts.unread],
  ] as const) {
    // Named as it reads (WCAG 2.5.3): the label, then the count.
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${name} `) })).toHaveAccessibleName(
      `${name} ${count}`,
    );
  }
  // The All tab: the newest page, or the empty text.
  await expect(
    dropdown.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
  ).toHaveCount(Math.min(counts.all, NOTIFICATIONS_PAGE_SIZE));
  await expect(dropdown.getByText(emptyStateTexts.notifications, { exact: true })).toHaveCount(
    counts.all === 0 ? 1 : 0,
  );
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();

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

  await page.getByRole('link', { name: /^Notifications(, [\d,]+ unread)?$/ }).click();
  await expect(page).toHaveURL(/\/mobilenotification$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expect(page.getByRole('tablist', { name: 'Notifications by status' })).toBeVisible();
});

/**
 * Resolves once the page has opened its notification stream and none of its other calls has
 * been under way for half a second since. Call before the page starts its calls.
 * (`waitForLoadState('networkidle')` cannot tell: the load state is the first document's, reached
 * on the login screen, and the stream is a call that never ends.)
 */
function whenCallsSettle(page: Page): () => Promise<void> {
  const isStream = (request: Request) =>
    new URL(request.url()).pathname === `${API_BASE_PATH}/${apiPaths.notifications.stream}`;
  const open = new Set<Request>();
  let streamOpened = false;
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (isStream(request)) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (isStream(response.request()) && response.ok()) streamOpened = true;
  });
  return () =>
    expect
      .poll(() => streamOpened && open.size === 0 && Date.now() - lastChange >= 500, {
        message: 'the landing page opened its stream and finished its calls',
      })
      .toBe(true);
}

test('a rejected token ends the session and returns to sign in', async ({ page }) => {
  const settled = whenCallsSettle(page);
  await signInAs(page, account);
  // The landing page's own calls (the list, the notification counts, the stream's ticket and
  // the reload once it is ready) must be done first: one still under way when the token is
  // forged answers 401 and signs out before the Settings step this test is about.
  await settled();
  await page.evaluate(() => localStorage.setItem('token', 'forged.token.value'));
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('another-password-9');
  const refused = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API_BASE_PATH}/${apiPaths.auth.changePassword}`,
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});
