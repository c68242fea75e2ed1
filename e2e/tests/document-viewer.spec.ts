import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  businessApiPaths,
  feedbackDetailResponseSchema,
  manageApiPaths,
  managerLogsResponseSchema,
  manageTexts,
  postFormationAttachmentsResponseSchema,
  successMessages,
  type Feedback,
} from '@fd/contract';
import { sampleFiles } from '../../apps/api/src/tools/seed/sample-files.ts';
import { desktopViewport, expectNoViolations, phoneViewport } from '../a11y.ts';
import { businessApi, type BusinessApi } from '../business-oracle.ts';
import { accounts, MANAGE_FIXTURES_CREATED_AT, viewerBusiness } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * Documents in place (docs/product.md §12.2) against the real API, in Chromium: the viewer
 * draws a real PDF with PDF.js and shows a real image (the demo's sample files, built in
 * code), lets the PDF's text be selected and copied at every zoom, approves one document and
 * fails another with a report, and several files dropped on docs management go each with its
 * own bar and result.
 */

const manager = accounts.viewer;
const managerName = `${manager.firstName} ${manager.lastName}`;

test.describe.configure({ timeout: 60_000 });

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, manager);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  await page.goto('/settings');
  api = await businessApi(page, request);
});

const viewer = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The viewer drew the page: the canvas has pixels, and some of them are not white. */
async function expectDrawnPdf(dialog: Locator, title: string, page = 1): Promise<void> {
  const canvas = dialog.getByRole('img', { name: `${title}, page ${page}` });
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((element) => {
        const drawn = element as HTMLCanvasElement;
        if (drawn.width === 0 || drawn.height === 0) return false;
        const { data } = drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height);
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) return true;
        return false;
      }),
    )
    .toBe(true);
}

/** The image is shown at its own size, loaded from its link. */
async function expectShownImage(dialog: Locator, title: string): Promise<void> {
  const image = dialog.getByRole('img', { name: title, exact: true });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

async function openManage(page: Page, name: string): Promise<string> {
  const { uuid } = await api.findByName(name);
  await page.goto(`/manage-business/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
  return uuid;
}

async function openSection(page: Page, title: string): Promise<Locator> {
  const toggle = page.getByRole('button', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('region', { name: title });
}

/** The report's feedback row and log entries as the API gives them, for one document step. */
async function sentAbout(page: Page, uuid: string, stepId: number, stepName: string) {
  const auth = { Authorization: `Bearer ${await storedToken(page)}` };
  const detail = await page.request.get(
    `${API_BASE_PATH}/${manageApiPaths.feedbackDetail(stepId)}`,
    { headers: auth },
  );
  await expect(detail).toBeOK();
  const logs = await page.request.get(`${API_BASE_PATH}/${manageApiPaths.managerLogs(uuid)}`, {
    headers: auth,
  });
  await expect(logs).toBeOK();
  const step = feedbackDetailResponseSchema.parse(await detail.json()).data;
  return {
    status: step.status,
    feedback: step.feedback.map(({ id: _id, created_at: _at, ...sent }: Feedback) => sent),
    logged: managerLogsResponseSchema
      .parse(await logs.json())
      .data.manager_logs.feedback_doc_logs.filter((entry) => entry.action.includes(stepName))
      .map((entry) => entry.action)
      .sort(),
  };
}

test('the viewer pages through a PDF and an image, zooms, and approves and fails from in place', async ({
  page,
}) => {
  const uuid = await openManage(page, viewerBusiness.name);
  const section = await openSection(page, 'Verification documents');

  // The passport is a PDF: drawn by PDF.js, loaded now and not before.
  await section.getByRole('button', { name: 'View International passport' }).click();
  const passport = viewer(page, 'International passport');
  await expect(passport).toHaveAccessibleDescription('Document 1 of 3 · sample-passport.pdf');
  await expectDrawnPdf(passport, 'International passport');
  await expect(passport.getByText('Page 1 of 1')).toBeVisible();
  const zoom = passport.getByRole('status', { name: 'Zoom' });
  await expect(zoom).toHaveText('100%');
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('125%');
  await passport.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoom).toHaveText('100%');

  // Approved from the viewer, through the card's own picker and confirmation.
  await passport.getByRole('button', { name: 'Change status of Government ID' }).click();
  await page.getByRole('menuitem', { name: 'Approved', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: manageTexts.confirmStatus });
  await expect(confirm).toHaveAccessibleDescription('Government ID will be set to Approved.');
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  await expect(page.getByText(successMessages.statusUpdated, { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  // The viewer stays, showing the new status; so does the card behind it.
  await expect(passport.getByText('Approved', { exact: true })).toBeVisible();
  await expect(
    section.getByRole('article', { name: 'Government ID' }).getByText('Approved', { exact: true }),
  ).toBeVisible();

  // The next document is an image.
  await page.keyboard.press('ArrowRight');
  const nationalId = viewer(page, 'National ID');
  await expect(nationalId).toHaveAccessibleDescription('Document 2 of 3 · sample-national-id.png');
  await expectShownImage(nationalId, 'National ID');

  // Failed from the viewer: the same report, then the one confirmation.
  await nationalId.getByRole('button', { name: 'Change status of National ID' }).click();
  await page.getByRole('menuitem', { name: 'Failed', exact: true }).click();
  const report = page.getByRole('dialog', { name: manageTexts.errorMessageTitle });
  await expect(report.getByLabel('Feedback Title', { exact: true })).toHaveValue(
    'National identification doc',
  );
  const message = 'The photo of the ID card is blurred; please send a sharper one.';
  await report.getByLabel('Message', { exact: true }).fill(message);
  await report.getByRole('button', { name: manageTexts.sendReport, exact: true }).click();
  await expect(confirm).toHaveAccessibleDescription(
    'National ID will be set to Failed, and your report sent to the client.',
  );
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  await expect(page.getByText(successMessages.feedbackSent, { exact: true })).toBeVisible();
  await expect(nationalId.getByText('Failed', { exact: true })).toBeVisible();

  // Escape closes the viewer, and focus goes back to where it was opened.
  await page.keyboard.press('Escape');
  await expect(nationalId).toBeHidden();
  await expect(section.getByRole('button', { name: 'View International passport' })).toBeFocused();

  // The Utility Bill failed from its card on the screen, the manage screen's own way.
  const bill = section.getByRole('article', { name: 'Utility Bill' });
  await bill.getByRole('button', { name: 'Change status of Utility Bill' }).click();
  await page.getByRole('menuitem', { name: 'Failed', exact: true }).click();
  await report.getByLabel('Message', { exact: true }).fill(message);
  await report.getByRole('button', { name: manageTexts.sendReport, exact: true }).click();
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  await expect(bill.getByText('Failed', { exact: true })).toBeVisible();

  // Through the API: what the viewer sent is what the screen sends, field for field.
  const { id: businessId, business_formation_statuses: steps } = await api.detail(uuid);
  const fromViewer = await sentAbout(page, uuid, steps.national_id_status.id!, 'National ID');
  const fromScreen = await sentAbout(page, uuid, steps.utility_bill_status.id!, 'Utility Bill');
  const sent = (stepId: number, title: string) => ({
    business: businessId,
    status_item_id: stepId,
    feedback_title: title,
    message_body: message,
    file_url: null,
    attachment_file: null,
    file_name: null,
    file_size: null,
    manager_name: managerName,
  });
  expect(fromViewer).toEqual({
    status: 'FAILED',
    feedback: [sent(steps.national_id_status.id!, 'National identification doc')],
    logged: [
      'Changed National ID from Pending to Failed',
      'Sent feedback "National identification doc" on National ID to the client',
    ],
  });
  expect(fromScreen).toEqual({
    status: 'FAILED',
    feedback: [sent(steps.utility_bill_status.id!, 'Utility bill doc')],
    logged: [
      'Changed Utility Bill from Pending to Failed',
      'Sent feedback "Utility bill doc" on Utility Bill to the client',
    ],
  });
  expect(steps.government_id_status.status).toBe('APPROVED');
});

/** The sample passport's text (apps/api/src/tools/seed/sample-files.ts), line by line. */
const passportLines = [
  'International passport',
  'Surname: SAMPLE',
  'Given names: DEMO CLIENT',
  'Sample file generated by the Formation Desk demo seed. Not a real document.',
];

/** Where a box is, in the drawn page's width: left and top from its corner, width and height. */
async function boxOnPage(canvas: Locator, box: Locator) {
  const [page, shown] = [await canvas.boundingBox(), await box.boundingBox()];
  expect(page, 'the page is laid out').not.toBeNull();
  expect(shown, 'the box is laid out').not.toBeNull();
  return {
    left: (shown!.x - page!.x) / page!.width,
    top: (shown!.y - page!.y) / page!.width,
    width: shown!.width / page!.width,
    height: shown!.height / page!.width,
    pageWidth: page!.width,
  };
}

test("a PDF's text can be selected and copied, over the page at every zoom", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(desktopViewport);
  await openManage(page, viewerBusiness.name);
  const section = await openSection(page, 'Verification documents');
  await section.getByRole('button', { name: 'View International passport' }).click();
  const passport = viewer(page, 'International passport');
  await expectDrawnPdf(passport, 'International passport');
  const canvas = passport.getByRole('img', { name: 'International passport, page 1' });

  // PDF.js's text layer: one span per line of the page, in the page's order.
  const spans = passport.locator('.pdf-text-layer span');
  await expect(spans).toHaveText(passportLines);

  // A triple click selects a line, and Ctrl-C copies it, as in any text.
  const surname = spans.filter({ hasText: 'Surname: SAMPLE' });
  await surname.click({ clickCount: 3 });
  await expect
    .poll(() => page.evaluate(() => window.getSelection()?.toString().trim()))
    .toBe('Surname: SAMPLE');
  await page.keyboard.press('Control+c');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toMatch(/^Surname: SAMPLE\s*$/);

  // Dragged from the title's start to the end of the last line, the whole page's text.
  const title = await spans.first().boundingBox();
  const last = await spans.last().boundingBox();
  await page.mouse.move(title!.x + 1, title!.y + title!.height / 2);
  await page.mouse.down();
  await page.mouse.move(last!.x + last!.width - 1, last!.y + last!.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(() =>
      page.evaluate(() =>
        window
          .getSelection()
          ?.toString()
          .split(/\n+/)
          .map((line) => line.trim()),
      ),
    )
    .toEqual(passportLines);

  // The page's words are found as the page's other text is: window.find, Chromium's find in
  // the page (not in any standard's DOM, hence the cast).
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  const found = await page.evaluate(() => {
    const finder = window as unknown as { find: (text: string) => boolean };
    const selection = window.getSelection();
    return {
      found: finder.find('DEMO CLIENT'),
      selected: selection?.toString(),
      inTextLayer: !!selection?.anchorNode?.parentElement?.closest('.pdf-text-layer'),
    };
  });
  expect(found).toEqual({ found: true, selected: 'DEMO CLIENT', inTextLayer: true });

  // Each line sits over the drawn page, where PDF.js drew it: 72 pt in, on a page 612 pt wide.
  const at100 = await boxOnPage(canvas, surname);
  expect(at100.left).toBeCloseTo(72 / 612, 2);
  expect(at100.top).toBeGreaterThan(0);
  expect(at100.left + at100.width).toBeLessThan(1);

  // Zoomed in, the page is wider and every line with it: the same place on the page, 1.25 times
  // the size on screen.
  await page.keyboard.press('+');
  await expect(passport.getByRole('status', { name: 'Zoom' })).toHaveText('125%');
  await expect
    .poll(async () => (await boxOnPage(canvas, surname)).pageWidth / at100.pageWidth)
    .toBeCloseTo(1.25, 2);
  const at125 = await boxOnPage(canvas, surname);
  for (const measure of ['left', 'top', 'width', 'height'] as const) {
    expect(at125[measure], measure).toBeCloseTo(at100[measure], 2);
  }
  await expect(spans).toHaveText(passportLines);

  // The text layer leaves the viewer accessible, at both widths.
  await expectNoViolations(page, 'the viewer with a PDF text layer at 1280×800');
  await page.setViewportSize(phoneViewport);
  await expect
    .poll(async () => (await boxOnPage(canvas, surname)).pageWidth)
    .toBeLessThan(at100.pageWidth);
  expect((await boxOnPage(canvas, surname)).left).toBeCloseTo(at100.left, 2);
  await expectNoViolations(page, 'the viewer with a PDF text layer at 390×844');
});

/** The identity cards' steps, by the document titles each takes (as the manage screen reads them). */
const cardSteps: [RegExp, string][] = [
  [/passport|government|driver/i, 'Government ID'],
  [/\bnational/i, 'National ID'],
  [/utility|proof of address/i, 'Utility Bill'],
];

test('the documents preview opens a file in the viewer, over the preview', async ({ page }) => {
  const { businesses } = await api.list(businessApiPaths.list, { page: '1', page_size: '10' });
  const business = businesses.find((candidate) => candidate.total_files.kyc.length > 0);
  expect(business, 'a business with KYC documents on the first page').toBeDefined();
  const detail = await api.detail(business!.uuid);
  const [first] = detail.documents.kyc;
  const stepOfFirst = cardSteps.find(([titles]) => titles.test(first!.document_title))?.[1];

  await page.goto('/document-page');
  await page
    .getByRole('table', { name: 'Documents' })
    .getByRole('cell', { name: business!.business_name, exact: true })
    .click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  const view = preview.getByRole('button', { name: `View ${first!.document_title}` });
  await view.click();
  const shown = viewer(page, first!.document_title);
  await expect(shown).toHaveAccessibleDescription(
    `Document 1 of ${detail.documents.kyc.length + detail.documents.kyb.length} · ${first!.file_name}`,
  );
  if (first!.content_type === 'application/pdf') {
    await expectDrawnPdf(shown, first!.document_title);
  } else {
    await expectShownImage(shown, first!.document_title);
  }
  // An identity card's document offers its step's status choices, as on the manage screen;
  // any other document offers none.
  const pickers = shown.getByRole('button', { name: /^Change status of/ });
  if (stepOfFirst) {
    await expect(pickers).toHaveAccessibleName(`Change status of ${stepOfFirst}`);
  } else {
    await expect(pickers).toHaveCount(0);
  }

  // Escape closes the viewer alone; the preview stays, with focus back on the button.
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect(preview).toBeVisible();
  await expect(view).toBeFocused();
});

test("the documents preview's viewer moves a card's step, as the manage screen does", async ({
  page,
}) => {
  const { uuid } = await api.findByName(viewerBusiness.name);
  const before = await api.detail(uuid);
  // '\bnational': 'International passport' is the Government ID card's.
  const nationalId = before.documents.kyc.find((document) =>
    /\bnational/i.test(document.document_title),
  );
  expect(nationalId, 'the viewer business has a National ID').toBeDefined();
  expect(before.business_formation_statuses.national_id_status.status).not.toBe('APPROVED');

  // The documents page, filtered to the day the fixtures were made, at the business's page.
  const day = MANAGE_FIXTURES_CREATED_AT.slice(0, 10);
  const dated = await api.list(businessApiPaths.list, {
    start_date_iso: day,
    end_date_iso: day,
    page: '1',
    page_size: '100',
  });
  const at = dated.businesses.findIndex((row) => row.uuid === uuid);
  expect(at, 'the viewer business among the fixtures').toBeGreaterThanOrEqual(0);
  const listPage = Math.floor(at / 10) + 1;
  await page.goto(
    `/document-page?filter=date&start_date_iso=${day}&end_date_iso=${day}&page=${listPage}`,
  );
  await page
    .getByRole('table', { name: 'Documents' })
    .getByRole('cell', { name: viewerBusiness.name, exact: true })
    .click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await preview.getByRole('button', { name: `View ${nationalId!.document_title}` }).click();
  const shown = viewer(page, nationalId!.document_title);
  await expect(shown).toBeVisible();

  // The card's own picker and confirmation, in the viewer over the Preview.
  await shown.getByRole('button', { name: 'Change status of National ID' }).click();
  await page.getByRole('menuitem', { name: 'Approved', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: manageTexts.confirmStatus });
  await expect(confirm).toHaveAccessibleDescription('National ID will be set to Approved.');
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  await expect(page.getByText(successMessages.statusUpdated, { exact: true })).toBeVisible();
  await expect(shown.getByText('Approved', { exact: true })).toBeVisible();
  // The API agrees, and the viewer closes alone, leaving the Preview.
  await expect
    .poll(
      async () => (await api.detail(uuid)).business_formation_statuses.national_id_status.status,
    )
    .toBe('APPROVED');
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect(preview).toBeVisible();
});

test('two files dropped on docs management are sent each with its own bar and result', async ({
  page,
}) => {
  const uuid = await openManage(page, viewerBusiness.name);
  const section = await openSection(page, 'Docs management');
  const dropped = [
    { name: 'articles.pdf', type: 'application/pdf', bytes: [...sampleFiles.certificate.content] },
    { name: 'company-seal.png', type: 'image/png', bytes: [...sampleFiles.receipt.content] },
  ];

  // A drop as the browser sends it, with a DataTransfer built in the page.
  await section
    .getByText('Or drop files here to send them to the client.')
    .evaluate((target, files) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    }, dropped);

  const upload = page.getByRole('dialog', { name: 'Other files' });
  await expect(upload).toBeVisible();
  await expect(upload.getByText('articles.pdf · ')).toBeVisible();
  await expect(upload.getByText('company-seal.png · ')).toBeVisible();
  // The dialog is named for the title the files go under.
  await upload.getByLabel('Title', { exact: true }).selectOption('Certificate of incorporation');
  const form = page.getByRole('dialog', { name: 'Certificate of incorporation' });
  const message = 'Your articles and the company seal.';
  await form.getByLabel('Message', { exact: true }).fill(message);
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm upload' });
  await confirm.getByRole('button', { name: manageTexts.uploadFile, exact: true }).click();

  const sent = confirm.getByRole('list', { name: 'Files sent' });
  for (const file of dropped) {
    const item = sent.getByRole('listitem').filter({ hasText: file.name });
    await expect(item.getByRole('progressbar', { name: file.name })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(item).toContainText('Uploaded');
  }
  await expect(page.getByText(successMessages.fileUploaded, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(confirm).toBeHidden();

  // Both listed, and through the API: two uploads, one per file, with the title and message.
  const attached = section.getByRole('list', { name: 'Attached files' });
  for (const file of dropped) await expect(attached).toContainText(file.name);
  const stepId = (await api.detail(uuid)).business_formation_statuses.post_doc_formation_status.id!;
  const answer = await page.request.get(
    `${API_BASE_PATH}/${manageApiPaths.postFormationAttachments(stepId)}`,
    { headers: { Authorization: `Bearer ${await storedToken(page)}` } },
  );
  await expect(answer).toBeOK();
  const attachments = postFormationAttachmentsResponseSchema.parse(await answer.json()).data
    .post_doc_feedback_attachments;
  expect(
    attachments
      .map((row) => ({
        title: row.feedback_title,
        message: row.message_body,
        file: row.file_name,
        size: row.file_size,
      }))
      .sort((a, b) => a.file!.localeCompare(b.file!)),
  ).toEqual(
    dropped.map((file) => ({
      title: 'Certificate of incorporation',
      message,
      file: file.name,
      size: file.bytes.length,
    })),
  );
});
