import { expect, test, type Page } from '@playwright/test';
import { API_BASE_PATH, apiPaths, businessApiPaths } from '@fd/contract';
import { businessApi } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * Whose a business is (docs/product.md §11.1): one manager takes a business, then gives it to a
 * colleague, on the manage page; the colleague's bell rings live with it (and only then: taking
 * it for oneself tells no one), and the log says each change.
 */

let assigner: SignedInState;
let assignee: SignedInState;

test.beforeAll(async ({ browser }) => {
  assigner = await signInOnce(browser, accounts.assigner);
  assignee = await signInOnce(browser, accounts.assignmentAssignee);
});

const unreadName = /^Notifications(, [\d,]+ unread)?$/;
const bell = (page: Page) => page.getByRole('button', { name: unreadName });
const name = (account: { firstName: string; lastName: string }) =>
  `${account.firstName} ${account.lastName}`;

test('a business given to a colleague rings their bell, live', async ({ browser, page }) => {
  // The assignee, on the list, starts with nothing unread.
  const watcherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const watcher = await watcherContext.newPage();
  await restoreSession(watcher, assignee);
  await watcher.goto('/business');
  const token = await storedToken(watcher);
  const read = await watcher.request.post(
    `${API_BASE_PATH}/${apiPaths.notifications.markAllRead}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  await expect(read).toBeOK();
  await watcher.reload();
  await expect(bell(watcher)).toHaveAccessibleName('Notifications');

  await restoreSession(page, assigner);
  await page.goto('/business');
  const api = await businessApi(page, page.request);
  const [business] = (await api.list(businessApiPaths.list, { assignee: 'none' })).businesses;
  expect(business, 'an unassigned demo business').toBeDefined();

  await page.goto(`/manage-business/${business!.uuid}`);
  const assignment = page.getByRole('region', { name: 'Assignment' });
  await expect(assignment.getByTestId('assignee-name')).toHaveText('Unassigned');
  await assignment.getByRole('button', { name: 'Assign to me' }).click();
  await expect(assignment.getByTestId('assignee-name')).toHaveText(name(accounts.assigner));
  await expect(
    page.getByRole('alert').filter({ hasText: `Business assigned to ${name(accounts.assigner)}.` }),
  ).toBeVisible();

  await assignment
    .getByLabel('Assign to another manager')
    .selectOption({ label: name(accounts.assignmentAssignee) });
  await assignment.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assignment.getByTestId('assignee-name')).toHaveText(
    name(accounts.assignmentAssignee),
  );
  expect((await api.detail(business!.uuid)).assignee_id).not.toBeNull();

  // The log says both changes.
  const log = page
    .getByRole('region', { name: 'Activities log' })
    .getByRole('list', { name: 'Activities' });
  await expect(log.getByText(`Assigned to ${name(accounts.assigner)}`)).toBeVisible();
  await expect(
    log.getByText(
      `Reassigned from ${name(accounts.assigner)} to ${name(accounts.assignmentAssignee)}`,
    ),
  ).toBeVisible();

  // One notification, live, without a reload: the reassignment (taking it told no one).
  await expect(bell(watcher)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(watcher).click();
  const dropdown = watcher.getByRole('region', { name: 'Notifications', exact: true });
  await expect(
    dropdown.getByRole('link', {
      name: `${name(accounts.assigner)} assigned ${business!.business_name} to you.`,
    }),
  ).toBeVisible();

  // 'Mine' on the assignee's list: exactly the businesses the API says are theirs.
  await watcher.keyboard.press('Escape');
  // The radio button itself is visually hidden: its label is what a manager clicks.
  await watcher
    .getByRole('group', { name: 'Whose businesses' })
    .getByText('Mine', { exact: true })
    .click();
  await expect(watcher.getByRole('radio', { name: 'Mine' })).toBeChecked();
  await expect(watcher).toHaveURL(/[?&]assignee=me\b/);
  const theirs = (
    await (
      await businessApi(watcher, watcher.request)
    ).list(businessApiPaths.list, {
      assignee: 'me',
    })
  ).businesses;
  expect(theirs.map((row) => row.uuid)).toContain(business!.uuid);
  const table = watcher.getByRole('table', { name: 'Businesses' });
  await expect(table.locator('tbody tr')).toHaveCount(theirs.length);
  await expect(table.getByText(business!.business_name, { exact: true })).toBeVisible();
  await watcherContext.close();
});
