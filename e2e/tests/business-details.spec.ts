import { statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { businessApiPaths, timelineTexts, type BusinessDetail } from '@fd/contract';
import { businessApi, shownFileSize, type BusinessApi } from '../business-oracle.ts';
import { accounts, fixtureBusinesses } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * /full-business-details/{uuid} against the seeded demo and the fixture
 * businesses (docs/product.md §2, §3, §4, §8): what each section shows is
 * read from the real detail endpoint.
 */

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.businessDetails);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  await page.goto('/business');
  api = await businessApi(page, request);
});

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The value shown under a label of a details list. */
const detailValue = (area: Locator, label: string) =>
  area.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** A demo business that has manual payment receipts and verification documents. */
async function findBusinessWithReceiptsAndDocuments(): Promise<BusinessDetail> {
  const { businesses } = await api.list(businessApiPaths.all, { payment_status: 'UNCONFIRMED' });
  for (const business of businesses) {
    const detail = await api.detail(business.uuid);
    const documents = detail.documents.kyc.length + detail.documents.kyb.length;
    if (documents > 0 && detail.manual_payment_doc.length > 0) return detail;
  }
  throw new Error('The demo has no unconfirmed business with documents on the first page');
}

test('a business with documents and receipts shows every section, downloads, and leads on', async ({
  page,
}) => {
  const detail = await findBusinessWithReceiptsAndDocuments();
  await page.goto(`/full-business-details/${detail.uuid}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.business_name);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Business details',
    'Personal details',
    'Manual payment verification',
    'Verification documents',
    'Company owners',
    'Timeline',
  ]);

  const business = section(page, 'Business details');
  await expect(detailValue(business, 'Business name')).toHaveText(detail.business_name);
  await expect(detailValue(business, 'Country of incorporation')).toHaveText(
    detail.country_of_incorporation ?? 'Nil',
  );
  const personal = section(page, 'Personal details');
  await expect(detailValue(personal, 'Email')).toHaveText(detail.user.email);
  await expect(detailValue(personal, 'First name')).toHaveText(detail.user.first_name);

  // docs/product.md §4: receipts sent while the account is UNPAID read NOT CONFIRMED.
  expect(detail.account_level).toBe('UNPAID');
  const payment = section(page, 'Manual payment verification');
  await expect(detailValue(payment, 'Payment status')).toHaveText('NOT CONFIRMED');
  for (const receipt of detail.manual_payment_doc) {
    await expect(payment.getByText(receipt.file_name, { exact: false })).toBeVisible();
  }

  // Every document has its download link; the first one downloads as its own file.
  const documentsArea = section(page, 'Verification documents');
  const documents = [...detail.documents.kyc, ...detail.documents.kyb];
  await expect(documentsArea.getByRole('link', { name: /^Download / })).toHaveCount(
    documents.length,
  );
  const document = documents[0]!;
  const downloadLink = documentsArea
    .getByRole('link', { name: `Download ${document.document_title}`, exact: true })
    .first();
  await expect(
    documentsArea.getByText(`${document.file_name} · ${shownFileSize(document.size)}`).first(),
  ).toBeVisible();
  const downloadStarted = page.waitForEvent('download');
  await downloadLink.click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(document.file_name);
  expect(statSync(await download.path()).size).toBe(document.size);

  const owners = section(page, 'Company owners');
  for (const shareholder of detail.shareholders) {
    const row = owners.getByRole('row').filter({ hasText: shareholder.company_owner_full_name });
    await expect(row.getByRole('cell').last()).toHaveText(`${shareholder.ownership_percentage}%`);
  }

  await page.getByRole('button', { name: 'Manage business' }).click();
  await expect(page).toHaveURL(`/manage-business/${detail.uuid}`);
  // The uuid in the path is all the manage page reads, so a reload keeps the same business.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Manage business' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(`/full-business-details/${detail.uuid}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.business_name);
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/business');
});

test('a business with nothing attached shows every empty text', async ({ page }) => {
  const { uuid } = await api.findByName(fixtureBusinesses.empty.name);
  await page.goto(`/full-business-details/${uuid}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixtureBusinesses.empty.name);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Business details',
    'Personal details',
    'Verification documents',
    'Company owners',
    'Timeline',
  ]);
  await expect(section(page, 'Manual payment verification')).toHaveCount(0);
  // Nothing has happened to it (docs/product.md §12.1).
  await expect(section(page, 'Timeline')).toContainText(timelineTexts.empty);
  await expect(section(page, 'Verification documents')).toContainText(
    'No verification documents available.',
  );
  await expect(section(page, 'Company owners')).toContainText('No company stakeholders yet.');

  await expect(detailValue(section(page, 'Business details'), 'Company type')).toHaveText('Nil');
  const personal = section(page, 'Personal details');
  // The fixture owner's referral source is not one of docs/product.md §3's values.
  await expect(detailValue(personal, 'Referral source')).toHaveText('Nil');
  await expect(detailValue(personal, 'Email')).toHaveText(fixtureBusinesses.empty.ownerEmail);
  await expect(personal.getByText('NIN', { exact: true })).toHaveCount(0);
});

test('a business with a national identification number shows it as NIN', async ({ page }) => {
  const { uuid } = await api.findByName(fixtureBusinesses.withNin.name);
  await page.goto(`/full-business-details/${uuid}`);
  await expect(detailValue(section(page, 'Personal details'), 'NIN')).toHaveText(
    fixtureBusinesses.withNin.nin,
  );
});

test('an unknown business is not found', async ({ page }) => {
  await page.goto(`/full-business-details/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Business not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/business');
});
