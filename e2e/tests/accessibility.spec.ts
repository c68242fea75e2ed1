import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  apiPaths,
  businessApiPaths,
  manageApiPaths,
  successMessages,
  type NotificationListPage,
} from '@fd/contract';
import { checkScreens, expectNoViolations, type ScreenCheck } from '../a11y.ts';
import { businessApi, openManageSections } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { mailsTo, waitForNewCode } from '../mail.ts';
import { paste, restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * axe (e2e/a11y.ts) on every screen of the app and on the states that show more of it (an
 * open dialog, menu or dropdown), at 1280×800 and 390×844: no violation of WCAG 2.0/2.1 A and
 * AA, WCAG 2.2 AA (target size) or axe's best practices, whatever its impact. A new screen is one more line in a list below.
 */

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

// ---- Signed out ----------------------------------------------------------------------

const recovery = accounts.a11yRecovery;

/**
 * Keeps a toast on screen for the check: the pointer on it pauses its timer (the app's toasts
 * pause on hover), where it would otherwise leave while axe reads it. A screen's
 * `beforeCheck`, so at each width: a resize takes the toast from under the pointer.
 */
async function holdToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
  // Held: its timer, the progress bar's animation, stands paused (else the check would wait
  // until the toast has left, and read the screen without it).
  await expect
    .poll(() =>
      toast
        .getByRole('progressbar', { name: 'notification timer' })
        .evaluate((bar) => bar.getAnimations().map((animation) => animation.playState)),
    )
    .toEqual(['paused']);
}

/**
 * Closes a toast that is not what a check is about (the app's toasts close on a click) instead
 * of waiting the ~5 s until it leaves by itself: the screen is checked without it either way.
 * The toasts themselves are checked where they are the state: holdToast. The click is sent to
 * the toast rather than made with the pointer, which would wait ~1 s for the toast to finish
 * sliding in, and then rest where the next toast appears (and hold that one).
 */
async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await toast.dispatchEvent('click');
  await expect(toast).toHaveCount(0);
}

/** From /forgot-password to /verify-otp with a real code on its way to `email`. */
async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await heading(page, 'Check your email');
}

/** From /forgot-password to /reset-password, the way a manager gets there: the mailed code. */
async function verifyCode(page: Page): Promise<void> {
  const seen = mailsTo(recovery.email).length;
  await requestCode(page, recovery.email);
  await closeToast(page, 'a verification code has been sent');
  await paste(page, 'Digit 1', await waitForNewCode(recovery.email, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await heading(page, 'Set a new password');
  await closeToast(page, successMessages.verify);
}

/*
 * The recovery mails accounts.a11yRecovery a code twice (once for each screen that walks it,
 * within the API's five an hour for one email); the code screen alone asks for an address that has no
 * account, which mails nothing and shows the same screen.
 */
const signedOutScreens: ScreenCheck[] = [
  // The bare sign-in page is checked in its field-error state below (the same page, nothing
  // over it); likewise Onboarding and Businesses, through their non-modal open states.
  {
    name: 'Login with its field errors',
    path: '/',
    async prepare(page) {
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Email is required.')).toBeVisible();
    },
  },
  {
    name: 'Login: an error toast',
    path: '/',
    async prepare(page) {
      // No such account: refused like a wrong password, and no fixture account's limit spent.
      await page.getByLabel('Email', { exact: true }).fill('a11y.nobody@e2e.test');
      await page.getByLabel('Password', { exact: true }).fill('not-a-password');
      await page.getByRole('button', { name: 'Log in' }).click();
    },
    beforeCheck: (page) => holdToast(page, 'Invalid email or password.'),
  },
  { name: 'Forgot password', path: '/forgot-password' },
  { name: 'Verify code, opened directly', path: '/verify-otp' },
  {
    name: 'Verify code, from forgot password',
    path: '/forgot-password',
    async prepare(page) {
      await requestCode(page, 'a11y.nobody@e2e.test');
    },
    // The success toast of the code sent, over the screen.
    beforeCheck: (page) => holdToast(page, 'a verification code has been sent'),
  },
  { name: 'Reset password, opened directly', path: '/reset-password' },
  { name: 'Reset password, from a verified code', path: '/forgot-password', prepare: verifyCode },
  {
    name: 'Reset password: the Password changed dialog',
    path: '/forgot-password',
    async prepare(page) {
      await verifyCode(page);
      await page.getByLabel('New password', { exact: true }).fill(recovery.password);
      await page.getByLabel('Confirm password', { exact: true }).fill(recovery.password);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('dialog', { name: 'Password changed' })).toBeVisible();
      await closeToast(page, successMessages.reset);
    },
  },
  { name: 'Not found', path: '/no/such/page' },
];

test.describe('signed out', () => {
  checkScreens(signedOutScreens);
});

test('the check fails on a violation, naming each failing element and why', async ({ page }) => {
  // Two elements break one rule and a third another, so the report must list every failing
  // element, not only the one axe keeps of a rule that passed.
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
      <h1>Broken on purpose</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="first-image">
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="second-image">
      <p id="faint" style="color: #c8c8c8; background: #ffffff">Too faint to read</p>
    </main></body></html>`,
  );
  const failure = await expectNoViolations(page, 'a page broken on purpose').then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('a page broken on purpose: 2 accessibility violation(s)');
  expect(failure).toContain('image-alt (critical)');
  expect(failure).toContain('"#first-image"');
  expect(failure).toContain('"#second-image"');
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('"#faint"');
});

// ---- Signed in -----------------------------------------------------------------------

let session: SignedInState;
/** A demo business with documents and payment receipts: every section of its screens has rows. */
let businessUuid: string;

/** The viewer's page or image (docs/product.md §12.2), once drawn. */
const viewerDrawing = (page: Page) =>
  page
    .getByRole('dialog')
    .filter({ has: page.getByRole('group', { name: 'Document controls' }) })
    .getByRole('img')
    .first();

/** Enough comments to overflow the manage screen's comment list at either viewport. */
const comments = [
  'Called the owner: the utility bill is on its way.',
  'The utility bill arrived; it is older than three months.',
  'Asked the owner for a newer utility bill.',
  'The newer bill arrived and matches the address.',
  'Sent the articles of organisation for signature.',
  'The signed articles are back; filing today.',
];

/** A list's table has its first row: its first load is over. */
/**
 * The table's rows are on screen: no longer busy (while loading, its one body row is the
 * loading cell, which a click would hit instead of a row), and a first row shown.
 */
const tableLoaded = async (page: Page, name: string) => {
  const table = page.getByRole('table', { name });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
};

const notificationItems = (area: Page | Locator) =>
  area.getByRole('list', { name: 'Notifications' }).getByRole('listitem');

const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
};

/** The static mock-ups and the manager group (decision 28): each screen and its dialogs. */
const openPicker = async (page: Page, name: string, choice: string) => {
  await page.getByRole('button', { name: `Change status of ${name}` }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
};

const mockupScreens: ScreenCheck[] = [
  {
    name: 'Onboarding with its field errors',
    path: '/onboarding',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Company name is required.')).toBeVisible();
    },
  },
  { name: 'Requests', path: '/request' },
  { name: 'Request details', path: '/request-details' },
  {
    name: 'Request details: the document status question',
    path: '/request-details',
    prepare: async (page) => {
      await openPicker(page, 'Board resolution', 'Approved');
      await expect(
        page.getByRole('dialog', {
          name: 'You are about to update this document status to approve',
        }),
      ).toBeVisible();
    },
  },
  {
    name: 'Request details: a status menu',
    path: '/request-details',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Change status of Board resolution' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'Request details: the client status question',
    path: '/request-details',
    prepare: async (page) => {
      await openPicker(page, 'Document review', 'Processing');
      await expect(
        page.getByRole('dialog', { name: 'Are you sure you want to update the client status?' }),
      ).toBeVisible();
    },
  },
  {
    name: 'Request details: docs upload, a file required',
    path: '/request-details',
    prepare: async (page) => {
      const upload = page.getByRole('region', { name: 'Docs upload' });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await expect(upload.getByText('Please upload a file.')).toBeVisible();
    },
  },
  {
    name: 'Request details: Error Message',
    path: '/request-details',
    prepare: async (page) => {
      await openPicker(page, 'Document review', 'Failed');
      await page.getByRole('button', { name: 'Update status' }).click();
      await expect(page.getByRole('dialog', { name: 'Error Message' })).toBeVisible();
    },
  },
  { name: 'Licence renewal', path: '/tax-return' },
  { name: 'Manager group: dashboard', path: '/flex-dashboard' },
  { name: 'Manager group: profile', path: '/flex-profile' },
  {
    name: 'Manager group: profile with its field errors',
    path: '/flex-profile',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Current password is required')).toBeVisible();
    },
  },
  {
    name: 'Manager group: the side menu, open',
    path: '/flex-dashboard',
    only: 'phone',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My profile' }),
      ).toBeInViewport();
    },
  },
  {
    name: 'Manager group: the logout question',
    path: '/flex-dashboard',
    // Opened at 1280 px, where the side menu is always shown; checked again at 390 px.
    prepare: async (page) => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await expect(
        page.getByRole('dialog', { name: 'Hmmm! you seem to be leaving' }),
      ).toBeVisible();
    },
  },
  { name: 'Manager group: invoice', path: '/flex-invoice' },
  {
    name: 'Manager group: the approve question',
    path: '/flex-invoice',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Approve invoice' }).click();
      await expect(
        page.getByRole('dialog', {
          name: 'You are about to update this invoice status to approve',
        }),
      ).toBeVisible();
    },
  },
];

const signedInScreens: ScreenCheck[] = [
  {
    name: 'Businesses: the Filter menu',
    path: '/business',
    async prepare(page) {
      await tableLoaded(page, 'Businesses');
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect(page.getByRole('menu', { name: 'Filter' })).toBeVisible();
    },
  },
  {
    name: 'Businesses: the date filter, a range picked',
    path: '/business',
    async prepare(page) {
      await tableLoaded(page, 'Businesses');
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Date', exact: true }).click();
      const calendar = page.getByRole('group', { name: 'Date' });
      // Last month's days are all in the past, so all can be picked.
      await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
      await calendar
        .getByRole('grid')
        .getByRole('button', { name: /\b2nd\b/ })
        .click();
      await calendar
        .getByRole('grid')
        .getByRole('button', { name: /\b9th\b/ })
        .click();
      await expect(calendar.getByRole('button', { name: 'Apply' })).toBeEnabled();
    },
  },
  {
    // Filters applied show their count on the buttons and their chips; the queue its note.
    name: 'Businesses: the queue with filters, Mine and a sort applied',
    path: '/business?status=attention&country=UK&type=LLC&processing_status=PENDING&assignee=me&sort=-created_at',
    async prepare(page) {
      await expect(page.getByRole('list', { name: 'Applied filters' })).toBeVisible();
      await expect(page.getByText(/waited longer than its limit/)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Businesses' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
    },
  },
  {
    name: 'Businesses: an export under way',
    path: '/business',
    async prepare(page) {
      await tableLoaded(page, 'Businesses');
      // Held in the browser, so the progress and Cancel stay on screen for both widths' checks.
      await page.route('**/manager/business/export/**', () => new Promise<void>(() => {}));
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    },
  },
  {
    name: 'Businesses: the activity filter',
    path: '/business',
    async prepare(page) {
      await tableLoaded(page, 'Businesses');
      await page.getByRole('button', { name: 'Filter by activity' }).click();
      await expect(page.getByRole('dialog', { name: 'Filter by activity' })).toBeVisible();
    },
  },
  {
    name: 'Business details, its timeline shown',
    path: () => `/full-business-details/${businessUuid}`,
    async prepare(page) {
      await expect(page.getByRole('region', { name: 'Verification documents' })).toBeVisible();
      // The comments of commentAndNotify, and the demo's own events.
      await expect(
        page.getByRole('list', { name: 'Timeline events' }).getByRole('listitem').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'Business details, the timeline filtered to comments',
    path: () => `/full-business-details/${businessUuid}`,
    async prepare(page) {
      const events = page.getByRole('list', { name: 'Timeline events' }).getByRole('listitem');
      await expect(events.first()).toBeVisible();
      await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Comments' });
      // The comments of commentAndNotify, each with its text.
      await expect(events.getByText(comments.at(-1)!, { exact: true })).toBeVisible();
    },
  },
  {
    name: 'Manage business, its sections open',
    path: () => `/manage-business/${businessUuid}`,
    async prepare(page) {
      await heading(page, 'Manage business');
      await openManageSections(page);
      await expect(page.getByRole('list', { name: 'Activities' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Timeline events' }).getByRole('listitem').first(),
      ).toBeVisible();
      // The comments of commentAndNotify, more than the list shows without scrolling.
      await expect(
        page
          .getByRole('list', { name: 'Comments' })
          .getByRole('listitem')
          .nth(comments.length - 1),
      ).toBeAttached();
    },
  },
  {
    // docs/product.md §12.2: the viewer, with a card's status picker for its document.
    name: 'Manage business: a document in the viewer',
    path: () => `/manage-business/${businessUuid}`,
    async prepare(page) {
      await heading(page, 'Manage business');
      await openManageSections(page);
      await page
        .getByRole('region', { name: 'Verification documents' })
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await expect(viewerDrawing(page)).toBeVisible();
    },
  },
  {
    // docs/product.md §12.2: two files dropped on docs management, each with its bar and result.
    name: 'Manage business: dropped files, each with its result',
    path: () => `/manage-business/${businessUuid}`,
    async prepare(page) {
      await heading(page, 'Manage business');
      await openManageSections(page);
      await page.getByText('Or drop files here to send them to the client.').evaluate((target) => {
        const transfer = new DataTransfer();
        for (const name of ['minutes.pdf', 'resolution.pdf']) {
          const pdf = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${name}\n%%EOF\n`;
          transfer.items.add(new File([pdf], name, { type: 'application/pdf' }));
        }
        for (const type of ['dragenter', 'dragover', 'drop']) {
          target.dispatchEvent(
            new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
          );
        }
      });
      const upload = page.getByRole('dialog', { name: 'Other files' });
      await upload.getByLabel('Message', { exact: true }).fill('The board minutes, signed.');
      await upload.getByRole('button', { name: 'Continue', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Confirm upload' })
        .getByRole('button', { name: 'Upload File', exact: true })
        .click();
      await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
      await closeToast(page, successMessages.fileUploaded);
    },
  },
  {
    name: 'Documents',
    path: '/document-page',
    prepare: (page) => tableLoaded(page, 'Documents'),
  },
  {
    name: 'Documents: the Preview dialog',
    path: '/document-page',
    async prepare(page) {
      await tableLoaded(page, 'Documents');
      await page.getByRole('table', { name: 'Documents' }).getByRole('row').nth(1).click();
      await expect(page.getByRole('dialog', { name: 'Preview' })).toBeVisible();
    },
  },
  {
    name: 'Documents: a document in the viewer, over the Preview',
    path: '/document-page',
    async prepare(page) {
      await tableLoaded(page, 'Documents');
      // The first business with a file to view, on the first page.
      const { businesses } = await (
        await businessApi(page, page.request)
      ).list(businessApiPaths.list, { page: '1', page_size: '10' });
      const withFiles = businesses.find((business) => business.total_files.kyc.length > 0);
      await page
        .getByRole('table', { name: 'Documents' })
        .getByRole('cell', { name: withFiles!.business_name, exact: true })
        .click();
      const preview = page.getByRole('dialog', { name: 'Preview' });
      await preview
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await expect(viewerDrawing(page)).toBeVisible();
    },
  },
  { name: 'Settings', path: '/settings' },
  {
    name: 'The keyboard shortcuts (?)',
    path: '/settings',
    async prepare(page) {
      await heading(page, 'Managers profile');
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    },
  },
  {
    // Summoned by Ctrl-K, the menu shows on a phone too, over the top bar.
    name: 'The command menu (Ctrl-K)',
    path: '/settings',
    async prepare(page) {
      await heading(page, 'Managers profile');
      await page.keyboard.press('Control+k');
    },
    // At each width: the menu is on screen for axe to read.
    beforeCheck: (page) =>
      expect(
        page
          .getByRole('group', { name: 'Actions' })
          .getByRole('option', { name: 'Go to Settings' }),
      ).toBeInViewport(),
  },
  {
    name: 'Insights',
    path: '/insights',
    prepare: (page) => expect(page.getByRole('table', { name: /^Formation funnel/ })).toBeVisible(),
  },
  { name: 'Compliance', path: '/compliance' },
  {
    name: 'Notifications page',
    path: '/mobilenotification',
    prepare: (page) => expect(notificationItems(page).nth(1)).toBeVisible(),
  },
  { name: 'Not found, signed in', path: '/no/such/page' },
  {
    name: 'Account menu',
    path: '/settings',
    prepare: openAccountMenu,
  },
  {
    name: 'Logout dialog',
    path: '/settings',
    async prepare(page) {
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'Notifications dropdown',
    path: '/settings',
    only: 'desktop',
    async prepare(page) {
      await page.getByRole('button', { name: /^Notifications, [\d,]+ unread$/ }).click();
      await expect(
        notificationItems(page.getByRole('region', { name: 'Notifications', exact: true })).nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'Side menu, open',
    path: '/settings',
    only: 'phone',
    async prepare(page) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }),
      ).toBeInViewport();
    },
  },
  ...mockupScreens,
];

/**
 * Notifications for accounts.a11y, one of them read, so that the bell's dropdown and
 * /mobilenotification show both kinds of item, and a comment list that scrolls:
 * accounts.a11yRecovery comments on the business (every other manager is notified of a
 * manager's comment).
 */
async function commentAndNotify(request: APIRequestContext, a11yToken: string): Promise<void> {
  const login = await request.post(`${API_BASE_PATH}/${apiPaths.auth.login}`, {
    data: { email: recovery.email, password: recovery.password },
  });
  await expect(login, 'accounts.a11yRecovery signs in').toBeOK();
  const { token } = (await login.json()) as { token: string };
  for (const comment of comments) {
    const written = await request.post(`${API_BASE_PATH}/${manageApiPaths.comments}`, {
      data: { comment, business: businessUuid },
      headers: { Authorization: `Bearer ${token}` },
    });
    await expect(written, 'a comment by accounts.a11yRecovery').toBeOK();
  }
  const a11y = { Authorization: `Bearer ${a11yToken}` };
  const listed = await request.get(`${API_BASE_PATH}/${apiPaths.notifications.list}`, {
    headers: a11y,
  });
  await expect(listed).toBeOK();
  const { detail } = ((await listed.json()) as { data: NotificationListPage }).data;
  expect(detail.length, 'the notifications of the comments').toBeGreaterThanOrEqual(
    comments.length,
  );
  const read = await request.put(
    `${API_BASE_PATH}/${apiPaths.notifications.item(detail[1]!.uuid)}`,
    {
      data: { is_read: true },
      headers: a11y,
    },
  );
  await expect(read).toBeOK();
}

test.describe('signed in', () => {
  test.beforeAll(async ({ browser }) => {
    session = await signInOnce(browser, accounts.a11y);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const page = await context.newPage();
      await restoreSession(page, session);
      await page.goto('/settings');
      businessUuid = (await (await businessApi(page, context.request)).withDocumentsAndReceipts())
        .uuid;
      await commentAndNotify(context.request, (await storedToken(page))!);
    } finally {
      await context.close();
    }
  });

  test.beforeEach(async ({ page }) => {
    await restoreSession(page, session);
  });

  checkScreens(signedInScreens);
});
