/**
 * The static mock-ups (docs/product.md §2.3–§2.5, §4.6): every text of the product for each
 * route, every picker and dialog (Escape closes, focus returns), and not one call of their own.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_BASE_PATH, apiPaths } from '@fd/contract';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

let session: SignedInState;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.mockups);
});

/** The admin area's shell keeps the bell live; everything else under the API is the screen's. */
const shellPaths = [`${API_BASE_PATH}/${apiPaths.notifications.list}`];

/** Every API call the page makes from now on, but the shell's notifications. */
function screenCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    if (shellPaths.some((prefix) => pathname.startsWith(prefix))) return;
    calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

/** Every API call at all, for the manager group, whose layout loads nothing. */
function allCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

const PREVIEW = 'This screen is a preview with sample data: nothing you do here is saved.';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens a status picker, checks its choices, and picks one. */
async function pick(page: Page, trigger: Locator, choices: string[], choice: string) {
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(choices);
  await menu.getByRole('menuitem', { name: choice, exact: true }).click();
}

/** The open dialog, by its title. */
const dialog = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title, exact: true });

test.beforeEach(async ({ page }) => {
  await restoreSession(page, session);
});

test('/request lists the sample requests and a row opens its details', async ({ page }) => {
  const calls = screenCalls(page);
  // The watch sees the API: the shell's own bell calls show up in it.
  const everything = allCalls(page);
  await page.goto('/request');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByText(PREVIEW)).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Request',
    'Business name',
    'Request type',
    'Submitted',
    'Status',
  ]);
  await expect(table.getByRole('row')).toHaveCount(5);
  // Keyboard: a row is focusable and Enter opens it.
  await table.getByRole('row', { name: /Sahara Foods Ltd/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/request-details\?id=REQ-1039$/);
  await expect(section(page, 'Required information')).toContainText('Sahara Kitchen Ltd');
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/request$/);
  expect(calls).toEqual([]);
  expect(everything.some((call) => call.includes('/notifications/'))).toBe(true);
});

test('/request-details: sections, the document and client status pickers, no calls', async ({
  page,
}) => {
  const calls = screenCalls(page);
  await page.goto('/request-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Request details' })).toBeVisible();
  await expect(page.getByText(PREVIEW)).toBeVisible();
  for (const name of [
    'Business details',
    'Required information',
    'Manual payment receipt',
    'Submitted documents',
    'Docs upload',
    'Status management',
  ]) {
    await expect(section(page, name)).toBeVisible();
  }
  const required = section(page, 'Required information');
  await expect(required).toContainText('Current business name');
  await expect(required).toContainText('Bluewave Analytics LLC');
  await expect(required).toContainText('New business name');
  await expect(required).toContainText('Bluewave Data Labs LLC');

  // A sample file downloads from the browser itself.
  const download = page.waitForEvent('download');
  await section(page, 'Manual payment receipt')
    .getByRole('link', { name: 'Download Manual payment receipt' })
    .click();
  expect((await download).suggestedFilename()).toBe('receipt-req-1042.txt');

  // Document status: Pending, Approved, Failed; Approved asks first.
  const documents = section(page, 'Submitted documents');
  const boardResolution = documents.getByRole('listitem').filter({ hasText: 'Board resolution' });
  const trigger = boardResolution.getByRole('button', {
    name: 'Change status of Board resolution',
  });
  await expect(boardResolution.getByText('Pending', { exact: true })).toBeVisible();
  await pick(page, trigger, ['Pending', 'Approved', 'Failed'], 'Approved');
  const approve = dialog(page, 'You are about to update this document status to approve');
  await expect(approve).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approve).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(boardResolution.getByText('Pending', { exact: true })).toBeVisible();
  await pick(page, trigger, ['Pending', 'Approved', 'Failed'], 'Approved');
  await approve.getByRole('button', { name: 'Update status' }).click();
  await expect(approve).toBeHidden();
  await expect(boardResolution.getByText('Approved', { exact: true })).toBeVisible();

  // Status management: the mock steps, each with the client status picker.
  const steps = section(page, 'Status management');
  await expect(steps.getByRole('listitem')).toHaveText([
    /^Service payment/,
    /^Document review/,
    /^Filing of request with authorities/,
    /^Approval of filing request/,
    /^Upload customer docs/,
  ]);
  const review = steps.getByRole('listitem', { name: 'Document review' });
  const reviewTrigger = review.getByRole('button', { name: 'Change status of Document review' });
  const clientChoices = ['Pending', 'Processing', 'Done', 'Failed'];

  // Processing: confirm, then it just closes.
  await pick(page, reviewTrigger, clientChoices, 'Processing');
  const confirm = dialog(page, 'Are you sure you want to update the client status?');
  await confirm.getByRole('button', { name: 'Update status' }).click();
  await expect(confirm).toBeHidden();
  await expect(review.getByText('Processing', { exact: true })).toBeVisible();

  // Failed: confirm, then 'Error Message' with an error category, a message and 'Send feedback'.
  await pick(page, reviewTrigger, clientChoices, 'Failed');
  await confirm.getByRole('button', { name: 'Update status' }).click();
  const report = dialog(page, 'Error Message');
  await expect(report).toBeVisible();
  await expect(report.getByLabel('Error category')).toBeVisible();
  const send = report.getByRole('button', { name: 'Send feedback' });
  await expect(send).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(reviewTrigger).toBeFocused();
  await expect(review.getByText('Processing', { exact: true })).toBeVisible();

  await pick(page, reviewTrigger, clientChoices, 'Failed');
  await confirm.getByRole('button', { name: 'Update status' }).click();
  await report.getByLabel('Error category').selectOption('Unreadable document');
  await report.getByLabel('Message').fill('The scan of the resolution is blurred.');
  await send.click();
  await expect(report).toBeHidden();
  await expect(review.getByText('Failed', { exact: true })).toBeVisible();

  // Docs upload: a file is required; a chosen one stays on the page, not uploaded.
  const upload = section(page, 'Docs upload');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText('Please upload a file.')).toBeVisible();
  await upload.getByLabel('Document').setInputFiles({
    name: 'minutes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 sample'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('status')).toContainText(
    'Kept on this preview only: nothing was uploaded or sent to the client.',
  );
  await expect(upload.getByRole('status')).toContainText('minutes.pdf');

  await page.goto('/request-details?id=REQ-0000');
  await expect(
    page.getByText('There is no sample request REQ-0000 in this preview.'),
  ).toBeVisible();
  expect(calls).toEqual([]);
});

test('/tax-return: the licence renewal with its steps and their states, no calls', async ({
  page,
}) => {
  const calls = screenCalls(page);
  await page.goto('/tax-return');
  await expect(page.getByRole('heading', { level: 1, name: 'Licence renewal' })).toBeVisible();
  await expect(page.getByText(PREVIEW)).toBeVisible();
  for (const name of [
    'Business details',
    'Bank statement',
    'Status management',
    'Docs upload',
    'History',
  ]) {
    await expect(section(page, name)).toBeVisible();
  }
  const steps = section(page, 'Status management');
  for (const [name, status] of [
    ['Tax Return payment', 'Done'],
    ['Preparation of accounting statements', 'Pending'],
    ['Completion of tax return form', 'Pending'],
    ['Upload tax returns document', 'Pending'],
  ] as const) {
    await expect(
      steps.getByRole('listitem', { name }).getByText(status, { exact: true }),
    ).toBeVisible();
  }
  const upload = steps.getByRole('listitem', { name: 'Upload tax returns document' });
  await pick(
    page,
    upload.getByRole('button', { name: 'Change status of Upload tax returns document' }),
    ['Pending', 'Processing', 'Done', 'Failed'],
    'Done',
  );
  const confirm = dialog(page, 'Are you sure you want to update the client status?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(upload.getByText('Pending', { exact: true })).toBeVisible();

  await expect(section(page, 'History').getByRole('row')).toHaveCount(5);
  await expect(section(page, 'Bank statement').getByRole('listitem')).toHaveCount(2);
  expect(calls).toEqual([]);
});

test('the manager group: its own side menu, the dashboard, an invoice and the profile', async ({
  page,
  browser,
}) => {
  // A session of its own: its logout ends the token on the server (decision 40), and the other
  // tests go on with the file's shared one.
  await restoreSession(page, await signInOnce(browser, accounts.mockups));
  const calls = allCalls(page);
  await page.goto('/flex-dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My profile']);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add business' })).toHaveCount(0);

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const counters = page.getByRole('list', { name: 'Invoices by status' }).getByRole('listitem');
  await expect(counters).toHaveText([/Awaiting review\s*18/, /Approved\s*100/, /Rejected\s*5/]);
  const tabs = page.getByRole('tablist', { name: 'Invoice status' });
  await expect(tabs.getByRole('tab')).toHaveText([
    /^All/,
    /^Awaiting review/,
    /^Approved/,
    /^Rejected/,
  ]);
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Invoice no',
    "Client's name",
    'Creation date',
    'Amount',
    'Status',
    'Request',
  ]);
  await expect(table.getByRole('row')).toHaveCount(7);
  for (const label of ['Appeal', 'Awaiting review', 'Rejected', 'Approved']) {
    await expect(table.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'Rejected' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await tabs.getByRole('tab', { name: 'Rejected' }).press('Home');
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'All' }).press('ArrowRight');
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('row', { name: /INV-2026-0118/ }).click();

  // The invoice review.
  await expect(page).toHaveURL(/\/flex-invoice\?no=INV-2026-0118$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Invoice INV-2026-0118' }),
  ).toBeVisible();
  await expect(section(page, 'Invoice details')).toContainText('$450.00');
  await expect(section(page, 'Client info')).toContainText('amara.okafor@example.com');
  const feedback = page.getByRole('status').filter({ hasText: /./ });
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(feedback).toHaveText('Payment is not taken in this preview: nothing was charged.');

  const approveButton = page.getByRole('button', { name: 'Approve invoice' });
  await approveButton.click();
  const approve = dialog(page, 'You are about to update this invoice status to approve');
  await expect(approve).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approve).toBeHidden();
  await expect(approveButton).toBeFocused();
  await approveButton.click();
  await approve.getByRole('button', { name: 'Approve invoice' }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(feedback).toHaveText(
    'Invoice INV-2026-0118 reads Approved on this preview; nothing was saved.',
  );
  await page.getByRole('button', { name: 'Reject invoice' }).click();
  const reject = dialog(page, 'You are about to update this invoice status to reject');
  await reject.getByRole('button', { name: 'Reject invoice' }).click();
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(feedback).toHaveText(
    'Invoice INV-2026-0118 reads Rejected on this preview; nothing was saved.',
  );

  // The profile: read-only names, the password area, Save changes that saves nothing.
  await nav.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/flex-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByText("can't edit, request the admin", { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(accounts.mockups.firstName);
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Last name')).toHaveValue(accounts.mockups.lastName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await page.getByLabel('Current password').fill('old-secret');
  await page.getByLabel('New password').fill('new-secret');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText(
      'Preview only: the password was not changed. Change it from Settings in the admin area.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  expect(calls).toEqual([]);

  // Logout from the group's own menu.
  await nav.getByRole('button', { name: 'Logout' }).click();
  const logout = dialog(page, 'Hmmm! you seem to be leaving');
  await logout.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the manager group on a phone: the side menu slides in and closes with Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/flex-invoice?no=INV-0000');
  await expect(
    page.getByText('There is no sample invoice INV-0000 in this preview.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/flex-dashboard$/);
  await page.goto('/flex-invoice?no=INV-2026-0114');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Invoice INV-2026-0114' }),
  ).toBeVisible();
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();
});

test('/onboarding: every field, its hints and validation; a valid submit calls nothing and says so', async ({
  page,
}) => {
  // The top bar's 'Add business' leads here (e2e/tests/shell.spec.ts).
  const calls = screenCalls(page);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
  await expect(page.getByText(PREVIEW)).toBeVisible();
  const form = page.getByRole('form', { name: 'Onboarding' });
  for (const label of [
    'Company name',
    'Industry',
    'Country of registration',
    'State of registration',
    'Description (optional)',
    'Website (optional)',
    'LinkedIn URL (optional)',
    'Company logo (optional)',
    'Number of shareholders',
    'Owner name',
    'Ownership percentage',
    'This owner is a company',
    'Full name',
    'Country of residence',
    'State of residence',
    'Address',
    'ZIP code',
  ]) {
    await expect(form.getByLabel(label, { exact: true })).toHaveCount(1);
  }
  await expect(form.getByRole('group', { name: 'Company type' }).getByRole('radio')).toHaveCount(4);
  for (const type of ['LLC', 'C-corp', 'LTD', 'PLC']) {
    await expect(form.getByRole('radio', { name: type, exact: true })).toBeVisible();
  }
  await expect(form.getByText('Provide valid URL in the format www.example.com')).toBeVisible();
  await expect(
    form.getByText('Provide valid URL in the format www.linkedin.com/company/example'),
  ).toBeVisible();
  await expect(form.getByText('SVG, PNG, JPG or GIF (max. 800x400px)')).toBeVisible();
  await expect(form.getByLabel('Number of shareholders').locator('option')).toHaveText([
    '1',
    '2',
    '3',
    '4',
  ]);

  // An empty submit: each required field says so, and focus goes to the first.
  await form.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Company name is required.',
    'Industry is required.',
    'Country of registration is required.',
    'Company type is required.',
    'Owner name is required.',
    'Ownership percentage is required.',
    'Full name is required.',
    'Country of residence is required.',
    'Address is required.',
    'ZIP code is required.',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Company name')).toBeFocused();

  // Country and state of registration: Colorado carries its note.
  await form.getByLabel('Country of registration').selectOption('USA');
  const state = form.getByLabel('State of registration');
  await expect(state.locator('option', { hasText: 'Colorado' })).toHaveText(
    'Colorado — $100 off + cheapest tax',
  );
  await state.selectOption('Colorado');
  await form.getByLabel('Country of registration').selectOption('UK');
  await expect(state).toHaveValue('');
  await expect(state.locator('option')).toHaveText(['Select a state', 'England']);

  // The URL rule: http, https, ftp or www.
  const website = form.getByLabel('Website (optional)');
  await website.fill('acme');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'www.example.com' })).toHaveText(
    'Provide valid URL in the format www.example.com',
  );
  await website.fill('www.acme.com');

  // The logo: its type, then its size, checked in the browser.
  const logo = form.getByLabel('Company logo (optional)');
  await logo.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(form.getByText('The logo must be an SVG, PNG, JPG or GIF file.')).toBeVisible();
  const bigPng = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 500;
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await logo.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(bigPng, 'base64'),
  });
  await expect(form.getByText('The logo must be at most 800x400 pixels.')).toBeVisible();
  await form.getByRole('button', { name: 'Remove logo' }).click();

  // Shareholders: one row each, and the shares add up to 100%.
  await form.getByLabel('Number of shareholders').selectOption('2');
  const first = form.getByRole('group', { name: 'Shareholder 1' });
  const second = form.getByRole('group', { name: 'Shareholder 2' });
  await first.getByLabel('Owner name').fill('Ada Lovelace');
  await first.getByLabel('Ownership percentage').fill('60');
  await second.getByLabel('Owner name').fill('Babbage Holdings Ltd');
  await second.getByLabel('Ownership percentage').fill('30');
  await second.getByLabel('This owner is a company').check();

  await form.getByLabel('Company name').fill('Lovelace Engines');
  await form.getByLabel('Industry').selectOption('Engineering');
  await state.selectOption('England');
  await form.getByRole('radio', { name: 'LTD', exact: true }).check();
  await form
    .getByLabel('LinkedIn URL (optional)')
    .fill('https://www.linkedin.com/company/lovelace');
  await form.getByLabel('Full name').fill('Ada Lovelace');
  await form.getByLabel('Country of residence').selectOption('UK');
  await form.getByLabel('State of residence').selectOption('England');
  await form.getByLabel('Address').fill('12 St James Square, London');
  await form.getByLabel('ZIP code').fill('SW1Y 4JH');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Ownership percentages must add up to 100%.')).toBeVisible();
  await second.getByLabel('Ownership percentage').fill('40');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Preview only: the form is valid, but onboarding is not connected yet, so nothing was saved or sent.',
  );
  // Nothing is lost: the values stay.
  await expect(form.getByLabel('Company name')).toHaveValue('Lovelace Engines');
  expect(calls).toEqual([]);
});
