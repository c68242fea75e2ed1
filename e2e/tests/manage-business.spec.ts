import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  apiPaths,
  businessDetailLabels,
  emptyStateTexts,
  feedbackDetailResponseSchema,
  loginResponseSchema,
  managerLogsResponseSchema,
  notificationListResponseSchema,
  manageApiPaths,
  manageTexts,
  postFormationCategories,
  stepFeedbackTitles,
  successMessages,
  validationMessages,
} from '@fd/contract';
import {
  businessApi,
  manageSectionTitles,
  shownFileSize,
  type BusinessApi,
} from '../business-oracle.ts';
import { accounts, manageBusinesses } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * /manage-business/{uuid} as a manager uses it (docs/product.md §2.3 "Manage business", §4.5,
 * §5, §8; decisions 21, 23, 24), against the real API. Each test owns one of the
 * `manageBusinesses` fixtures (e2e/fixtures.ts), so none depends on another's writes. Every
 * text is the contract's (packages/contract/src/messages.ts), word for word.
 */

const manager = accounts.manage;
const managerName = `${manager.firstName} ${manager.lastName}`;

// Each test walks a whole flow, some waiting out the product's 2 s refetch several times.
test.describe.configure({ timeout: 60_000 });

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, manager);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  // A light page of the app (the business list's counts are not needed to start).
  await page.goto('/settings');
  api = await businessApi(page, request);
});

// ---- The screen -------------------------------------------------------------

const section = (page: Page, title: string) => page.getByRole('region', { name: title });
const details = (page: Page) => section(page, 'Business details');

/** The value shown beside a label of the details list (its Edit button aside). */
const detailValue = (area: Locator, label: string) =>
  area.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]/div[1]`);

/**
 * A new toast (docs/product.md §8.4) with exactly this text is on screen. Each one checked is
 * marked, so that a later check of the same text (toasts stay 4 s) needs another toast.
 */
async function expectToast(page: Page, text: string, timeout?: number): Promise<void> {
  const fresh = page
    .locator('[role="alert"]:not([data-e2e-checked])')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await expect(fresh).toBeVisible(timeout === undefined ? {} : { timeout });
  await fresh.evaluate((toast) => toast.setAttribute('data-e2e-checked', ''));
}

const step = (page: Page, name: string) =>
  section(page, 'Status management').getByRole('listitem', { name, exact: true });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: manageTexts.confirmStatus });

const activities = (page: Page) =>
  section(page, 'Activities log').getByRole('list', { name: 'Activities' }).getByRole('listitem');

/** The activities log shows the action, by this spec's manager (decision 21: the log follows every write). */
async function expectLogged(page: Page, action: string, count = 1): Promise<void> {
  const entries = activities(page).filter({ hasText: action });
  await expect(entries).toHaveCount(count);
  for (const entry of await entries.all()) await expect(entry).toContainText(`by ${managerName}`);
}

/** Opens a fixture's manage screen directly and marks the window, to prove later that it never reloaded. */
async function openManage(page: Page, name: string): Promise<string> {
  const { uuid } = await api.findByName(name);
  await page.goto(`/manage-business/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
  await expect(detailValue(details(page), businessDetailLabels.business_name)).toHaveText(name);
  await page.evaluate(() => {
    (window as { e2eNotReloaded?: boolean }).e2eNotReloaded = true;
  });
  return uuid;
}

/** The screen kept its window: every change showed without a page reload. */
async function expectNoReload(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as { e2eNotReloaded?: boolean }).e2eNotReloaded),
    'the page was not reloaded',
  ).toBe(true);
}

// ---- Network conditions (Chromium's own emulation: the server is never mocked) -----------

interface NetworkConditions {
  latency?: number;
  uploadThroughput?: number;
}

/** Runs `action` with the browser's network slowed, then restores it. */
async function withSlowNetwork<T>(
  page: Page,
  { latency = 0, uploadThroughput = -1 }: NetworkConditions,
  action: () => Promise<T>,
): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: -1,
    uploadThroughput,
  });
  try {
    return await action();
  } finally {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  }
}

// ---- Files --------------------------------------------------------------------

/** A small PDF: the server tells a PDF by '%PDF-' in its first bytes (decision 24). */
function pdf(text: string, size?: number): Buffer {
  const body = Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
  if (size === undefined || size <= body.length) return body;
  // Padded with a PDF comment line, as large as asked.
  const padding = Buffer.alloc(size - body.length, 0x20);
  padding[0] = 0x25; // '%'
  padding[padding.length - 1] = 0x0a;
  return Buffer.concat([body, padding]);
}

/** A file's size as the log names it (decision 24: '({file}, {n} KB)', whole KB, at least 1). */
const loggedSize = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

const pdfFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

/** Any `YYYY-MM-DD HH:mm` (UTC, docs/product.md §9) from `from` to `to`, as one exact pattern. */
function minutesBetween(from: Date, to: Date): RegExp {
  const shown: string[] = [];
  for (let t = Math.floor(from.getTime() / 60_000) * 60_000; t <= to.getTime(); t += 60_000) {
    shown.push(new Date(t).toISOString().slice(0, 16).replace('T', ' '));
  }
  return new RegExp(`^(${shown.join('|')})$`);
}

/** The API's answer to an edit (used for what the server says of a bad value). */
async function editThroughApi(
  page: Page,
  request: APIRequestContext,
  uuid: string,
  body: Record<string, string>,
) {
  const response = await request.put(`${API_BASE_PATH}/${manageApiPaths.businessSetup(uuid)}`, {
    data: body,
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  return {
    status: response.status(),
    body: (await response.json()) as { errors?: { validations?: Record<string, string[]> } },
  };
}

// ---- 1. Getting there and back ---------------------------------------------------

test('a business opens from the list through its full details; empty details read Nil; the way back', async ({
  page,
}) => {
  const fixture = manageBusinesses.journey;
  const { uuid } = await api.findByName(fixture.name);

  await page.goto('/business');
  await page.getByRole('searchbox', { name: 'Search businesses' }).fill(fixture.name);
  await page
    .getByRole('table', { name: 'Businesses' })
    .getByRole('cell', { name: fixture.name, exact: true })
    .click();
  await expect(page).toHaveURL(`/full-business-details/${uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixture.name);
  await page.getByRole('button', { name: 'Manage business' }).click();
  await expect(page).toHaveURL(`/manage-business/${uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage business');

  // The rows of docs/product.md §2.3 in its order, each value or Nil.
  const area = details(page);
  await expect(area.locator('dt')).toHaveText([
    'Business Name',
    'Industry',
    'Company Type',
    'Country of Incorporation',
    'State of Incorporation',
    'Incorporation Number',
    'Business Address',
    'Date of Incorporation',
    'Tax EIN',
  ]);
  await expect(area.locator('dd > div:first-child')).toHaveText([
    fixture.name,
    manageTexts.nil,
    manageTexts.nil,
    'UK',
    'England',
    'INC-ALD-3310',
    manageTexts.nil,
    manageTexts.nil,
    manageTexts.nil,
  ]);
  // An Edit on every row but the incorporation number.
  await expect(area.getByRole('button', { name: /^Edit / })).toHaveText(Array(8).fill('Edit'));
  for (const label of Object.values(businessDetailLabels)) {
    await expect(area.getByRole('button', { name: `Edit ${label}`, exact: true })).toBeVisible();
  }
  await expect(area.getByRole('button', { name: 'Edit Incorporation Number' })).toHaveCount(0);

  // The collapsible sections, open; a heading folds and unfolds its section.
  for (const title of manageSectionTitles) {
    await expect(page.getByRole('button', { name: title, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  const logToggle = page.getByRole('button', { name: 'Activities log', exact: true });
  await logToggle.click();
  await expect(logToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(section(page, 'Activities log').getByText(emptyStateTexts.managerLogs)).toBeHidden();
  await logToggle.click();
  await expect(
    section(page, 'Activities log').getByText(emptyStateTexts.managerLogs),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(`/full-business-details/${uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixture.name);

  await page.getByRole('button', { name: 'Manage business' }).click();
  await expect(page).toHaveURL(`/manage-business/${uuid}`);
  // Its name is the visible label, then where it leads (a screen reader's list of links).
  const seeMore = area.getByRole('link', {
    name: `${manageTexts.seeMore} details of ${fixture.name}`,
    exact: true,
  });
  await expect(seeMore).toHaveText(new RegExp(`^${manageTexts.seeMore}`));
  await seeMore.click();
  await expect(page).toHaveURL(`/full-business-details/${uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixture.name);
});

// ---- 2. Editing each detail -------------------------------------------------------

/** Opens a row's editor, lets `change` set its control, saves, and checks the toast and the new value. */
async function editDetail(
  page: Page,
  label: string,
  change: (control: Locator) => Promise<unknown>,
  shown: string,
): Promise<void> {
  const area = details(page);
  await area.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  await change(area.getByLabel(label, { exact: true }));
  await area.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, successMessages.businessUpdated(label));
  await expect(detailValue(area, label)).toHaveText(shown);
  await expect(area.getByRole('button', { name: `Edit ${label}`, exact: true })).toBeVisible();
}

test('each editable detail is edited on its own row, toasted, shown and logged', async ({
  page,
  request,
}) => {
  const fixture = manageBusinesses.edit;
  const uuid = await openManage(page, fixture.name);
  const area = details(page);
  const labels = businessDetailLabels;
  const newName = 'Birch Edit Trading Group';

  await editDetail(page, labels.business_name, (input) => input.fill(newName), newName);
  await expect(page.getByText(newName, { exact: true }).first()).toBeVisible();
  await editDetail(
    page,
    labels.business_industry,
    (select) => select.selectOption('Real Estate'),
    'Real Estate',
  );
  await editDetail(page, labels.company_type, (select) => select.selectOption('C-corp'), 'C-corp');

  // The state's choices follow the country: USA's first, then CANADA's once it is saved.
  await area.getByRole('button', { name: `Edit ${labels.state_of_incorporation}` }).click();
  const stateSelect = area.getByLabel(labels.state_of_incorporation, { exact: true });
  await expect(stateSelect).toHaveValue('Delaware');
  await expect(stateSelect.locator('option')).toHaveText([
    'Colorado ($100 off + cheapest tax)',
    'Delaware',
    'Wyoming',
    'Texas',
    'New Mexico',
  ]);
  await area.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(detailValue(area, labels.state_of_incorporation)).toHaveText('Delaware');

  await area.getByRole('button', { name: `Edit ${labels.country_of_incorporation}` }).click();
  const countrySelect = area.getByLabel(labels.country_of_incorporation, { exact: true });
  await expect(countrySelect.locator('option')).toHaveText(['USA', 'UK', 'CANADA', 'UAE']);
  await countrySelect.selectOption('CANADA');
  await area.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, successMessages.businessUpdated(labels.country_of_incorporation));
  await expect(detailValue(area, labels.country_of_incorporation)).toHaveText('CANADA');
  // Delaware is not a state of CANADA: the edit cleared it.
  await expect(detailValue(area, labels.state_of_incorporation)).toHaveText(manageTexts.nil);

  await area.getByRole('button', { name: `Edit ${labels.state_of_incorporation}` }).click();
  await expect(stateSelect.locator('option')).toHaveText(['Choose…', 'Ontario']);
  await area.getByRole('button', { name: 'Cancel', exact: true }).click();
  await editDetail(
    page,
    labels.state_of_incorporation,
    (select) => select.selectOption('Ontario'),
    'Ontario',
  );

  await editDetail(
    page,
    labels.new_business_formation_address,
    (input) => input.fill('40 King Street West, Toronto'),
    '40 King Street West, Toronto',
  );
  await area.getByRole('button', { name: `Edit ${labels.incorporation_date}` }).click();
  await expect(area.getByLabel(labels.incorporation_date, { exact: true })).toHaveAttribute(
    'type',
    'date',
  );
  await area.getByRole('button', { name: 'Cancel', exact: true }).click();
  await editDetail(
    page,
    labels.incorporation_date,
    (input) => input.fill('2021-03-15'),
    '3/15/2021',
  );

  // A bad EIN: the text the server itself answers for it, and nothing saved.
  const badEin = '12-34';
  const refused = await editThroughApi(page, request, uuid, { tax_id: badEin });
  expect(refused.status).toBe(400);
  const serverMessage = Object.values(refused.body.errors?.validations ?? {}).flat()[0];
  expect(serverMessage, 'the server names what is wrong with the EIN').toBeTruthy();
  await area.getByRole('button', { name: `Edit ${labels.tax_id}` }).click();
  await area.getByLabel(labels.tax_id, { exact: true }).fill(badEin);
  await area.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(area.getByRole('alert')).toHaveText(serverMessage!);
  await area.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(detailValue(area, labels.tax_id)).toHaveText(manageTexts.nil);

  await editDetail(page, labels.tax_id, (input) => input.fill('12-3456789'), '12-3456789');

  // The incorporation number has no Edit, and stays as it was.
  await expect(area.getByRole('button', { name: 'Edit Incorporation Number' })).toHaveCount(0);
  await expect(detailValue(area, 'Incorporation Number')).toHaveText('INC-BIR-0042');

  // Every edit is in the log at once, without a reload (decision 21: 'Updated {label} from
  // {old} to {new}', values quoted, Nil for empty; a country that drops the state says so).
  for (const action of [
    `Updated ${labels.business_name} from "${fixture.name}" to "${newName}"`,
    `Updated ${labels.business_industry} from "Accountant" to "Real Estate"`,
    `Updated ${labels.company_type} from "LLC" to "C-corp"`,
    `Updated ${labels.country_of_incorporation} from "USA" to "CANADA"; ${labels.state_of_incorporation} "Delaware" cleared`,
    `Updated ${labels.state_of_incorporation} from Nil to "Ontario"`,
    `Updated ${labels.new_business_formation_address} from "12 Harbour Road, Wilmington" to "40 King Street West, Toronto"`,
    `Updated ${labels.incorporation_date} from "2019-06-03" to "2021-03-15"`,
    `Updated ${labels.tax_id} from Nil to "12-3456789"`,
  ]) {
    await expectLogged(page, action);
  }
  await expect(activities(page)).toHaveCount(8);
  await expectNoReload(page);
});

// ---- 3. Step statuses ---------------------------------------------------------------

/** Picks a status from a step's menu. */
async function pickStatus(page: Page, name: string, choice: string): Promise<void> {
  await step(page, name)
    .getByRole('button', { name: `Change status of ${name}` })
    .click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
}

/** Confirms the open status dialog, seeing 'Updating...' while the (slowed) call is out. */
async function confirmStatus(page: Page, description: string): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog).toHaveAccessibleDescription(description);
  await withSlowNetwork(page, { latency: 800 }, async () => {
    await dialog.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
    await expect(dialog.getByRole('button', { name: manageTexts.updating })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  });
  await expectToast(page, successMessages.statusUpdated);
  await expect(dialog).toBeHidden();
}

/**
 * The step's badge reads `label`. After an update it must within 1 s of the toast: the answer
 * is shown as it arrives, with no reload and no 2 s timer (docs/product.md §10.1).
 */
const expectStatus = (page: Page, name: string, label: string) =>
  expect(step(page, name).getByText(label, { exact: true })).toBeVisible({ timeout: 1_000 });

test('a step moves to Processing and Approved through the picker and its confirmation; Tax Approved reads Done', async ({
  page,
}) => {
  await openManage(page, manageBusinesses.status.name);
  const payment = 'Incorporation Payment';
  await expect(step(page, payment).getByText('Pending', { exact: true })).toBeVisible();

  // The picker offers Processing, Approved and Failed.
  await step(page, payment)
    .getByRole('button', { name: `Change status of ${payment}` })
    .click();
  await expect(page.getByRole('menu', { name: `Change status of ${payment}` })).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveText(['Processing', 'Approved', 'Failed']);
  await page.getByRole('menuitem', { name: 'Processing', exact: true }).click();

  // Cancel changes nothing.
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(manageTexts.confirmStatus);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectStatus(page, payment, 'Pending');

  await pickStatus(page, payment, 'Processing');
  await confirmStatus(page, `${payment} will be set to Processing.`);
  await expectStatus(page, payment, 'Processing');

  await pickStatus(page, payment, 'Approved');
  await confirmStatus(page, `${payment} will be set to Approved.`);
  await expectStatus(page, payment, 'Approved');

  // docs/product.md §4.5: for the Tax step Approved reads 'Done', in the picker and after.
  const tax = 'Tax EIN';
  await step(page, tax)
    .getByRole('button', { name: `Change status of ${tax}` })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Processing',
    manageTexts.taxApproved,
    'Failed',
  ]);
  await page.getByRole('menuitem', { name: manageTexts.taxApproved, exact: true }).click();
  await confirmStatus(page, `${tax} will be set to ${manageTexts.taxApproved}.`);
  await expectStatus(page, tax, manageTexts.taxApproved);

  // Document verification is display only (docs/product.md §4.5): a badge, no picker.
  await expect(step(page, 'Document Verification').getByRole('button')).toHaveCount(0);

  await expectLogged(page, `Changed ${payment} from Pending to Processing`);
  await expectLogged(page, `Changed ${payment} from Processing to Approved`);
  await expectLogged(page, `Changed ${tax} from Pending to Approved`);
  await expectNoReload(page);
});

// ---- 4. Failed, with a report ---------------------------------------------------------

test('Failed asks for a report first, kept until the confirmation sends it with the status', async ({
  page,
}) => {
  await openManage(page, manageBusinesses.report.name);
  const report = page.getByRole('dialog', { name: manageTexts.errorMessageTitle });

  // Without a file.
  const incorporation = 'Incorporation Status';
  await pickStatus(page, incorporation, 'Failed');
  await expect(report).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();
  const title = report.getByLabel('Feedback Title', { exact: true });
  await expect(title.locator('option')).toHaveText([...stepFeedbackTitles]);
  await expect(title).toHaveValue('Company Formation');
  const send = report.getByRole('button', { name: manageTexts.sendReport, exact: true });
  await expect(send).toBeDisabled();
  await report
    .getByLabel('Message', { exact: true })
    .fill('The registry rejected the company name; please send two alternatives.');
  await send.click();
  await expect(report).toBeHidden();
  await confirmStatus(
    page,
    `${incorporation} will be set to Failed, and your report sent to the client.`,
  );
  await expectToast(page, successMessages.feedbackSent);
  await expectStatus(page, incorporation, 'Failed');

  // With a file.
  const bank = 'Bank Account';
  const letter = pdf('Bank account: the reference letter is unreadable.');
  await pickStatus(page, bank, 'Failed');
  await expect(report).toBeVisible();
  await title.selectOption('Bank Account');
  await report
    .getByLabel('Message', { exact: true })
    .fill('The bank letter is unreadable; please upload a clearer copy.');
  await report
    .getByLabel('Attachment (optional)', { exact: true })
    .setInputFiles(pdfFile('bank-letter.pdf', letter));
  await send.click();
  await confirmStatus(page, `${bank} will be set to Failed, and your report sent to the client.`);
  await expectToast(page, successMessages.feedbackSent);
  await expectStatus(page, bank, 'Failed');

  await expectLogged(page, `Sent feedback "Company Formation" on ${incorporation} to the client`);
  await expectLogged(page, `Changed ${incorporation} from Pending to Failed`);
  await expectLogged(
    page,
    `Sent feedback "Bank Account" on ${bank} to the client (bank-letter.pdf, ${loggedSize(letter.length)})`,
  );
  await expectLogged(page, `Changed ${bank} from Pending to Failed`);

  // The activities log shows what the client got: title, message, file, sender and time.
  const sentReport = section(page, 'Activities log').getByRole('figure', {
    name: 'Sent to the client: Bank Account',
  });
  await expect(sentReport).toContainText(
    'The bank letter is unreadable; please upload a clearer copy.',
  );
  await expect(sentReport.getByRole('link', { name: /bank-letter\.pdf/ })).toBeVisible();
  await expect(sentReport).toContainText(`Sent by ${managerName} · `);
  const reportFile = await page.request.get(
    (await sentReport.getByRole('link', { name: /bank-letter\.pdf/ }).getAttribute('href'))!,
  );
  expect(Buffer.from(await reportFile.body()).equals(letter)).toBe(true);

  // The report's file went to the client: the file history lists it as sent.
  const sent = section(page, 'File history')
    .getByRole('table', { name: 'File history' })
    .getByRole('row')
    .filter({ hasText: 'bank-letter.pdf' });
  await expect(sent.getByRole('cell')).toHaveText([
    // The title, with the message sent with the file (docs/product.md §10.1).
    'Bank AccountThe bank letter is unreadable; please upload a clearer copy.',
    'bank-letter.pdf',
    'Sent to client',
    managerName,
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    shownFileSize(letter.length),
    '',
  ]);
  await expectNoReload(page);
});

test('Cancel after Send report sends nothing: no feedback, no log entry, no notification', async ({
  page,
  request,
}) => {
  const business = manageBusinesses.report;
  const uuid = await openManage(page, business.name);
  const stripe = 'Stripe';
  await pickStatus(page, stripe, 'Failed');
  const report = page.getByRole('dialog', { name: manageTexts.errorMessageTitle });
  await report.getByLabel('Message', { exact: true }).fill('Stripe refused the account.');
  await report
    .getByLabel('Attachment (optional)', { exact: true })
    .setInputFiles(pdfFile('stripe-refusal.pdf', pdf('Stripe refusal')));
  await report.getByRole('button', { name: manageTexts.sendReport, exact: true }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toHaveAccessibleDescription(
    `${stripe} will be set to Failed, and your report sent to the client.`,
  );
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(successMessages.feedbackSent, { exact: true })).toHaveCount(0);
  await expect(step(page, stripe).getByText('Pending', { exact: true })).toBeVisible();

  // Through the API: the step has no feedback and is still Pending, the log has nothing on it,
  // and another manager's bell has nothing about it either.
  const auth = { Authorization: `Bearer ${await storedToken(page)}` };
  const stepId = (await api.detail(uuid)).business_formation_statuses.stripe_status.id!;
  const login = await request.post(`${API_BASE_PATH}/auth/login/`, {
    data: { email: accounts.shell.email, password: accounts.shell.password },
  });
  await expect(login).toBeOK();
  const colleague = {
    Authorization: `Bearer ${loginResponseSchema.parse(await login.json()).token}`,
  };
  const sentAboutStripe = async () => {
    const detail = await request.get(`${API_BASE_PATH}/${manageApiPaths.feedbackDetail(stepId)}`, {
      headers: auth,
    });
    await expect(detail).toBeOK();
    const logs = await request.get(`${API_BASE_PATH}/${manageApiPaths.managerLogs(uuid)}`, {
      headers: auth,
    });
    await expect(logs).toBeOK();
    const bell = await request.get(`${API_BASE_PATH}/${apiPaths.notifications.list}`, {
      params: { page_size: '100' },
      headers: colleague,
    });
    await expect(bell).toBeOK();
    const step = feedbackDetailResponseSchema.parse(await detail.json()).data;
    return {
      status: step.status,
      feedback: step.feedback.map((row) => row.message_body),
      logged: managerLogsResponseSchema
        .parse(await logs.json())
        .data.manager_logs.feedback_doc_logs.map((entry) => entry.action)
        .filter((action) => action.includes(stripe)),
      notified: notificationListResponseSchema
        .parse(await bell.json())
        .data.detail.map((notification) => notification.message)
        .filter((message) => message.includes(business.name) && message.includes(stripe)),
    };
  };
  expect(await sentAboutStripe()).toEqual({
    status: 'PENDING',
    feedback: [],
    logged: [],
    notified: [],
  });

  // The same report confirmed: all of it lands, in one go.
  await pickStatus(page, stripe, 'Failed');
  await report.getByLabel('Message', { exact: true }).fill('Stripe refused the account.');
  await report.getByRole('button', { name: manageTexts.sendReport, exact: true }).click();
  await confirmStatus(page, `${stripe} will be set to Failed, and your report sent to the client.`);
  await expectStatus(page, stripe, 'Failed');
  const landed = await sentAboutStripe();
  expect(landed).toMatchObject({ status: 'FAILED', feedback: ['Stripe refused the account.'] });
  expect(landed.logged).toHaveLength(2);
  expect(landed.notified).toHaveLength(2);
  await expectNoReload(page);
});

// ---- 5 and 9. Docs management and the file history ---------------------------------------

test('a post-formation file is checked, uploaded with visible progress, listed, downloaded and in the file history', async ({
  page,
}) => {
  const fixture = manageBusinesses.docs;
  await openManage(page, fixture.name);
  const docs = section(page, 'Docs management');
  await expect(docs.getByText(emptyStateTexts.documents, { exact: true })).toBeVisible();

  const category = 'Certificate of incorporation';
  await docs.getByRole('button', { name: manageTexts.attachFiles }).click();
  await expect(page.getByRole('menuitem')).toHaveText([...postFormationCategories]);
  await page.getByRole('menuitem', { name: category, exact: true }).click();
  const upload = page.getByRole('dialog', { name: category });
  await expect(upload).toBeVisible();
  // No bar before anything is sent (docs/product.md §10.1).
  await expect(upload.getByRole('progressbar')).toHaveCount(0);

  // docs/product.md §5: the file is required; a link must be http(s).
  await upload
    .getByLabel('Message', { exact: true })
    .fill('Your certificate of incorporation, as issued by the registry.');
  const proceed = upload.getByRole('button', { name: 'Continue', exact: true });
  await proceed.click();
  await expect(upload.getByRole('alert')).toHaveText([validationMessages.fileRequired]);
  const link = upload.getByLabel('Insert URL (optional)', { exact: true });
  await link.fill('javascript:alert(1)');
  await proceed.click();
  await expect(upload.getByRole('alert')).toHaveText([
    validationMessages.fileRequired,
    validationMessages.urlInvalid,
  ]);
  await link.fill('');

  const fileName = 'certificate-of-incorporation.pdf';
  const content = pdf('Certificate of incorporation, Elm Docs Studio.', 3 * 1024 * 1024);
  await upload.getByLabel('File', { exact: true }).setInputFiles(pdfFile(fileName, content));
  await expect(upload.getByText(`${fileName} · ${shownFileSize(content.length)}`)).toBeVisible();
  await proceed.click();
  await expect(upload.getByRole('alert')).toHaveCount(0);

  // The confirmation: Cancel goes back to the form as it was; Upload File sends it.
  const confirm = page.getByRole('dialog', { name: 'Confirm upload' });
  await expect(confirm).toContainText(`${category}: ${fileName}`);
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(upload.getByText(`${fileName} · ${shownFileSize(content.length)}`)).toBeVisible();
  await proceed.click();
  await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();

  // Every value the progress bar takes while the bytes go out (the upload slowed to ~1 MB/s).
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as { e2eProgress?: number[] }).e2eProgress = seen;
    const record = () => {
      for (const bar of document.querySelectorAll(
        '[role="progressbar"][aria-label="Upload progress"]',
      )) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  const bar = confirm.getByRole('progressbar', { name: 'Upload progress' });
  await withSlowNetwork(page, { uploadThroughput: 1_000_000 }, async () => {
    await confirm.getByRole('button', { name: manageTexts.uploadFile, exact: true }).click();
    await expect(confirm.getByRole('button', { name: manageTexts.uploading })).toBeDisabled();
    // Seen from the test too, not only by the observer: a value strictly between 0 and 100.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await expectToast(page, successMessages.fileUploaded, 20_000);
  });
  await expect(confirm).toBeHidden();
  await expect(upload).toBeHidden();
  const progress = await page.evaluate(
    () => (window as { e2eProgress?: number[] }).e2eProgress ?? [],
  );
  expect(
    progress.some((value) => value > 0 && value < 100),
    `progress ${progress}`,
  ).toBe(true);
  // The bar only rises; it reached 100, or the upload completed first (toast, dialogs closed).
  const rising = progress.filter((value) => value > 0);
  expect(rising, `progress ${progress}`).toEqual([...rising].sort((a, b) => a - b));

  // The numbered list: title, file and size in KB (after the 2 s refetch).
  const attached = docs.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
  await expect(attached).toHaveCount(1, { timeout: 15_000 });
  await expect(attached.first()).toContainText('1.');
  await expect(attached.first()).toContainText(category);
  await expect(attached.first()).toContainText(`${fileName} · ${shownFileSize(content.length)}`);

  // It downloads as the very bytes sent.
  const downloadStarted = page.waitForEvent('download');
  await attached
    .first()
    .getByRole('link', { name: `Download ${fileName}` })
    .click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(fileName);
  expect((await readFile(await download.path())).equals(content)).toBe(true);

  // The file history: the upload sent, newest first, then the owner's documents received.
  const owner = `${fixture.ownerFirst} ${fixture.ownerLast}`;
  const history = section(page, 'File history').getByRole('table', { name: 'File history' });
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const when = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
  await expect(rows.nth(0).getByRole('cell')).toHaveText([
    `${category}Your certificate of incorporation, as issued by the registry.`,
    fileName,
    'Sent to client',
    managerName,
    when,
    shownFileSize(content.length),
    '',
  ]);
  for (const document of fixture.documents) {
    const row = rows.filter({ hasText: document.title });
    await expect(row.getByRole('cell').nth(2)).toHaveText('Received from client');
    await expect(row.getByRole('cell').nth(3)).toHaveText(owner);
  }

  await expectLogged(
    page,
    `Uploaded ${category} (${fileName}, ${loggedSize(content.length)}) to the client`,
  );
  await expectNoReload(page);
});

// ---- 6. Comments ------------------------------------------------------------------

test('comments are added first with the author and time, kept as plain text, and deleted by their author', async ({
  page,
}) => {
  const fixture = manageBusinesses.comments;
  await openManage(page, fixture.name);
  const area = section(page, 'Comments');
  const list = area.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  const textarea = area.getByLabel('Add a comment', { exact: true });
  const submit = area.getByRole('button', { name: manageTexts.comment, exact: true });

  // A colleague's comment: no delete button on it.
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText(accounts.manageColleague.lastName);
  await expect(list.first()).toContainText(fixture.colleagueComment);
  await expect(list.first().getByRole('button', { name: 'Delete comment' })).toHaveCount(0);

  const plain = 'Spoke with the owner: the bank letter arrives on Monday.';
  const before = new Date();
  await textarea.fill(plain);
  await withSlowNetwork(page, { latency: 800 }, async () => {
    await submit.click();
    await expect(area.getByRole('button', { name: manageTexts.saving })).toBeDisabled();
    await expect(list).toHaveCount(2);
  });
  const after = new Date();
  await expect(textarea).toHaveValue('');
  await expect(list.first()).toContainText(plain);
  await expect(list.first()).toContainText(manager.lastName);
  await expect(list.first().locator('time')).toHaveText(minutesBetween(before, after));

  // HTML is text, never markup.
  const markup = '<b>bold</b><script>window.e2eInjected = true</script>';
  await textarea.fill(markup);
  await submit.click();
  await expect(list).toHaveCount(3);
  await expect(list.first().getByText(markup, { exact: true })).toBeVisible();
  await expect(area.locator('b, script')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as { e2eInjected?: boolean }).e2eInjected),
  ).toBeUndefined();

  // Only one's own comments can be deleted.
  await expect(area.getByRole('button', { name: 'Delete comment' })).toHaveCount(2);
  // One click asks first (docs/product.md §10.1); Cancel keeps the comment.
  await list.first().getByRole('button', { name: 'Delete comment' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this comment?' });
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(list).toHaveCount(3);
  await list.first().getByRole('button', { name: 'Delete comment' }).click();
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(list).toHaveCount(2);
  await expect(area.getByText(markup, { exact: true })).toHaveCount(0);
  await expect(list.first()).toContainText(plain);
  await expect(list.last()).toContainText(fixture.colleagueComment);

  await expectLogged(page, 'Added a comment', 2);
  await expectLogged(page, 'Deleted a comment');
  await expectNoReload(page);
});

// ---- 8. Empty texts ------------------------------------------------------------------

test('a business nothing happened to shows the empty texts', async ({ page }) => {
  await openManage(page, manageBusinesses.quiet.name);
  await expect(section(page, 'Activities log')).toContainText(emptyStateTexts.managerLogs);
  await expect(section(page, 'Docs management')).toContainText(emptyStateTexts.documents);
  await expect(section(page, 'Verification documents')).toContainText(emptyStateTexts.documents);
  await expect(activities(page)).toHaveCount(0);
  await expect(
    section(page, 'Docs management').getByRole('list', { name: 'Attached files' }),
  ).toHaveCount(0);
});
