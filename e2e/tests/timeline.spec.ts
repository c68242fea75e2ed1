import { expect, test, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  manageApiPaths,
  timelineKindLabels,
  timelineTexts,
  type BusinessDetail,
} from '@fd/contract';
import { businessApi, sendFileToClient, shownFileSize } from '../business-oracle.ts';
import { accounts, timelineBusiness } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * One timeline per business (docs/product.md §12.1): a manager watches a business's details
 * while another sends its client feedback and a file; both appear on the watcher's timeline,
 * the message in full and the file with its link, without a reload. Then the kind filter, and
 * the same timeline on the acting manager's manage screen.
 */

let watcherState: SignedInState;
let actorState: SignedInState;

test.beforeAll(async ({ browser }) => {
  watcherState = await signInOnce(browser, accounts.timelineWatcher);
  actorState = await signInOnce(browser, accounts.timelineActor);
});

// Two browsers and a live stream: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

const actorName = `${accounts.timelineActor.firstName} ${accounts.timelineActor.lastName}`;
const message =
  'Your EIN letter is unreadable.\nPlease send a clear scan of every page before Friday.';
const fileName = 'iroko-certificate.pdf';
const file = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% Iroko Timeline Foods\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** The acting manager's calls, as the manage screen makes them, with its own token. */
async function act(page: Page, business: BusinessDetail) {
  const token = (await storedToken(page))!;
  const headers = { Authorization: `Bearer ${token}` };
  const feedback = await page.request.post(`${API_BASE_PATH}/${manageApiPaths.feedback}`, {
    headers,
    data: {
      message_body: message,
      status_item_id: business.business_formation_statuses.tax_ein_status.id,
      business_id: business.id,
      feedback_title: 'Tax ID',
    },
  });
  await expect(feedback, 'the feedback is sent').toBeOK();
  const upload = await sendFileToClient(page.request, token, business, {
    name: fileName,
    buffer: file,
  });
  await expect(upload, 'the file is uploaded').toBeOK();
}

test("another manager's feedback and upload appear on the timeline live, without a reload", async ({
  browser,
  page,
  baseURL,
}) => {
  await restoreSession(page, watcherState);
  await page.goto('/business');
  const api = await businessApi(page, page.request);
  const business = await api.detail((await api.findByName(timelineBusiness.name)).uuid);

  // The watcher opens the details, and its live stream opens (after the first idle moment).
  const streamOpen = page.waitForResponse(
    (response) => response.url().includes('/notifications/stream/?') && response.ok(),
  );
  await page.goto(`/full-business-details/${business.uuid}`);
  const timeline = page.getByRole('region', { name: timelineTexts.title });
  await expect(timeline.getByText(timelineTexts.empty)).toBeVisible();
  await streamOpen;
  // Anything a reload would lose: still there at the end.
  await page.evaluate(() => {
    (window as { timelineWatch?: string }).timelineWatch = 'not reloaded';
  });

  // Another manager, in a browser of their own, sends the feedback and the file.
  const actorContext = await browser.newContext({ baseURL });
  try {
    const actorPage = await actorContext.newPage();
    await restoreSession(actorPage, actorState);
    await actorPage.goto('/business');
    await act(actorPage, business);

    // The watcher's timeline shows both, newest first, by the other manager.
    const events = timeline.getByRole('list', { name: 'Timeline events' }).getByRole('listitem');
    await expect(events).toHaveCount(2, { timeout: 20_000 });
    const [upload, feedback] = [events.nth(0), events.nth(1)];
    await expect(feedback).toContainText('Sent feedback "Tax ID" on Tax EIN to the client');
    await expect(feedback).toContainText(`by ${actorName}`);
    const sent = feedback.getByRole('figure', { name: 'Sent to the client: Tax ID' });
    // The full message, its line break kept.
    await expect(sent.getByText(message.split('\n')[0]!)).toBeVisible();
    expect(await sent.innerText()).toContain(message);
    await expect(upload).toContainText(`Uploaded Certificate of incorporation (${fileName}`);
    await expect(upload).toContainText(`by ${actorName}`);
    const link = upload.getByRole('link', { name: new RegExp(fileName.replace('.', '\\.')) });
    await expect(link).toContainText(shownFileSize(file.length));
    expect(
      await page.evaluate(() => (window as { timelineWatch?: string }).timelineWatch),
      'the page was not reloaded',
    ).toBe('not reloaded');

    // The file downloads as the very bytes sent.
    const download = await page.request.get(String(await link.getAttribute('href')));
    await expect(download).toBeOK();
    expect(Buffer.from(await download.body())).toEqual(file);

    // One kind at a time.
    const show = timeline.getByLabel('Show', { exact: true });
    await show.selectOption({ label: timelineKindLabels.upload });
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText(fileName);
    await show.selectOption({ label: timelineKindLabels.assignment });
    await expect(timeline.getByText(timelineTexts.emptyKind)).toBeVisible();
    await show.selectOption({ label: timelineTexts.allKinds });
    await expect(events).toHaveCount(2);

    // The acting manager's manage screen shows the same timeline.
    await actorPage.goto(`/manage-business/${business.uuid}`);
    const own = actorPage
      .getByRole('region', { name: timelineTexts.title })
      .getByRole('list', { name: 'Timeline events' })
      .getByRole('listitem');
    await expect(own).toHaveCount(2);
    await expect(own.nth(1)).toContainText('Please send a clear scan of every page before Friday.');
  } finally {
    await actorContext.close();
  }
});
